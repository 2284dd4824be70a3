"""Names that belong to a language or its standard library, not to the tree.

Used only when the tree has files of that language, so a Python project never gets a
JavaScript global excused. The lists are short on purpose: the standard library's
roots (``std``, ``java``, ``fmt``), global objects and builtins that documentation names
all the time (``console.log``, ``Vec::new``, ``printf``), and the members standard base
types and traits give (``Clone::clone``), which decide whether a method a type does not
define is inherited from outside the tree or fabricated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_JS = frozenset("""
console Object Array String Number Boolean Symbol Math JSON Promise Date RegExp Error
TypeError RangeError SyntaxError Map Set WeakMap WeakSet WeakRef Reflect Proxy Intl BigInt
globalThis window document navigator location history process require module exports
Buffer setTimeout setInterval clearTimeout clearInterval setImmediate fetch URL
URLSearchParams TextEncoder TextDecoder structuredClone queueMicrotask Uint8Array Int32Array
Float64Array ArrayBuffer DataView parseInt parseFloat isNaN isFinite encodeURIComponent
decodeURIComponent undefined NaN Infinity localStorage sessionStorage crypto performance
AbortController AbortSignal Response Request Headers FormData Blob File Event EventTarget
CustomEvent HTMLElement Element ReadableStream WritableStream WebSocket Worker __dirname
__filename import.meta Deno Bun Partial Required Readonly Record Pick Omit Exclude Extract
NonNullable ReturnType Parameters InstanceType Awaited Iterable AsyncIterable Generator
""".split())
_GO = frozenset("""
fmt os io bufio bytes strings strconv errors time sync context net http url json log sort
math rand regexp filepath path reflect runtime testing flag exec signal atomic unicode utf8
hash crypto sha256 sha1 md5 base64 hex binary ioutil fs embed slog slices maps template sql
heap list ring tabwriter httptest tls x509 gzip zip tar csv xml pprof debug len cap make
new append copy delete panic recover print println close min max clear error string int
int8 int16 int32 int64 uint uint8 uint16 uint32 uint64 uintptr float32 float64 bool byte
rune any nil true false iota complex real imag
""".split())
_RUST = frozenset("""
std core alloc String Vec Option Some None Result Ok Err Box Rc Arc Weak RefCell Cell
HashMap HashSet BTreeMap BTreeSet VecDeque BinaryHeap Mutex RwLock Duration Instant Path
PathBuf println print eprintln eprint format vec write writeln panic assert assert_eq
assert_ne debug_assert debug_assert_eq todo unimplemented unreachable matches dbg
include_str include_bytes env concat stringify Self Iterator IntoIterator From Into TryFrom
TryInto Default Clone Copy Debug Display PartialEq Eq Hash Ord PartialOrd Send Sync Sized
Drop Fn FnMut FnOnce AsRef AsMut ToString ToOwned Borrow Deref Future Error tokio serde
""".split())
_JAVA = frozenset("""
java javax jakarta System String Object Integer Long Double Float Boolean Character Byte
Short Math List Map Set ArrayList HashMap HashSet LinkedList LinkedHashMap TreeMap Arrays
Collections Optional Stream Collectors Thread Runnable Exception RuntimeException Error
IllegalArgumentException IllegalStateException NullPointerException IOException
UnsupportedOperationException StringBuilder Iterable Iterator Comparable Comparator
Override Deprecated FunctionalInterface SuppressWarnings Objects UUID Files Paths Path
LocalDate LocalDateTime Instant Duration CompletableFuture Executors ExecutorService
Function Supplier Consumer Predicate BiFunction Record Enum Class Void
""".split())
_C = frozenset("""
printf fprintf sprintf snprintf vsnprintf puts fputs putchar getchar fgets malloc calloc
realloc free memcpy memmove memset memcmp strlen strcpy strncpy strcmp strncmp strcat
strncat strdup strndup strchr strrchr strstr strtok getenv setenv exit abort atexit atoi
atol strtol strtoul strtod fopen fclose fread fwrite fseek ftell fflush perror errno
assert size_t ssize_t ptrdiff_t NULL EOF stdin stdout stderr qsort bsearch time clock
sizeof offsetof uint8_t uint16_t uint32_t uint64_t int8_t int16_t int32_t int64_t
uintptr_t intptr_t bool true false FILE va_list va_start va_end
std cout cin cerr clog endl string vector map unordered_map set unordered_set array
deque list pair tuple optional variant unique_ptr shared_ptr weak_ptr make_unique
make_shared make_pair move forward nullptr thread mutex lock_guard function sort find
begin end size_t boost
""".split())

_BY_LANGUAGE = {"javascript": _JS, "typescript": _JS, "tsx": _JS, "go": _GO, "rust": _RUST,
                "java": _JAVA, "c": _C, "cpp": _C}

KNOWN_BASE_MEMBERS: dict[str, frozenset[str]] = {
    name: frozenset(members.split()) for name, members in {
        # Rust traits commonly derived or implemented
        "Clone": "clone clone_from", "Copy": "", "Default": "default",
        "Debug": "fmt", "Display": "fmt to_string", "PartialEq": "eq ne", "Eq": "",
        "Hash": "hash", "PartialOrd": "partial_cmp lt le gt ge",
        "Ord": "cmp max min clamp", "Serialize": "serialize", "Deserialize": "deserialize",
        "From": "from", "Into": "into", "Drop": "drop", "Iterator": "next",
        "Error": "source description cause", "Deref": "deref", "AsRef": "as_ref",
        # Java
        "Object": "", "Exception": "getMessage getCause printStackTrace getStackTrace",
        "RuntimeException": "getMessage getCause printStackTrace getStackTrace",
        "Runnable": "run", "Comparable": "compareTo", "Iterable": "iterator forEach",
        "AutoCloseable": "close", "Closeable": "close", "Serializable": "",
        "Cloneable": "",
    }.items()
}
"""Members that standard bases outside the tree give a type (no entry: unknown base)."""

UNIVERSAL_MEMBERS: dict[str, frozenset[str]] = {
    "java": frozenset("equals hashCode toString getClass notify notifyAll wait clone "
                      "finalize values valueOf ordinal name compareTo".split()),
    "javascript": frozenset("toString valueOf hasOwnProperty constructor call apply bind "
                            "prototype length name".split()),
    "rust": frozenset("into try_into borrow borrow_mut to_owned type_id".split()),
}
"""Members every value of a language has (Java's ``Object``, enum methods, ...)."""


def language_external(name: str, languages: Iterable[str]) -> str:
    """Why ``name`` belongs to one of ``languages`` rather than to the tree ("" if not)."""
    first = name.split(".", 1)[0]
    for language in sorted(set(languages)):
        if first in _BY_LANGUAGE.get(language, ()):
            return f"{language} standard library or builtin"
        if language in {"c", "cpp"} and _PYTHON_C_API.match(first):
            return "the Python C API"  # a C extension module's calls into the interpreter
    return ""


_PYTHON_C_API = re.compile(r"_?Py(?:[A-Z][A-Za-z]*)?_[A-Za-z_]\w*$|_?Py[A-Z][a-z]+(?:[A-Z]\w*)?$")
"""``PyObject``, ``PyModuleDef_Init``, ``Py_INCREF``, ``PyUnicode_FromString``: the
interpreter's C API, which a C extension module calls and never defines."""
