"""Reading ``git diff -U0`` patches (:func:`pse.tools.gitrepo.read_patch`)."""

from __future__ import annotations

from pse.tools.gitrepo import FilePatch, Hunk, read_patch

PATCH = """diff --git a/src/a.py b/src/a.py
index 1111111..2222222 100644
--- a/src/a.py
+++ b/src/a.py
@@ -3 +3 @@ class A:
-    def fetch(self):
+    def fetch_many(self):
@@ -10,2 +9,0 @@ def gone():
-def gone():
---- b
@@ -20,0 +19,2 @@
++++ b/looks-like-a-header
+\tpass
\\ No newline at end of file
diff --git "a/odd\\tname.py" "b/odd\\tname.py"
--- "a/odd\\tname.py"
+++ "b/odd\\tname.py"
@@ -1 +1 @@
-OLD = 1
+NEW = 1
"""


def test_read_patch_reads_hunks_by_their_counts() -> None:
    patches = read_patch(PATCH)
    assert patches["src/a.py"] == FilePatch(
        hunks=(Hunk(3, 3), Hunk(9, 9), Hunk(19, 20)),
        removed=("    def fetch(self):", "def gone():", "--- b"),
        added=("    def fetch_many(self):", "+++ b/looks-like-a-header", "\tpass"))
    # a quoted header: its lines are kept, without ranges
    assert patches[""] == FilePatch(hunks=(), removed=("OLD = 1",), added=("NEW = 1",))
    assert set(patches) == {"src/a.py", ""}


def test_read_patch_of_nothing_is_empty() -> None:
    assert read_patch("") == {}
