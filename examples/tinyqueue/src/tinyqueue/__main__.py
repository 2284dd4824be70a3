"""``python -m tinyqueue --demo``: run a few jobs and print their states."""

from __future__ import annotations

import argparse

from . import JobQueue, RetryPolicy


def main() -> None:
    parser = argparse.ArgumentParser(prog="tinyqueue")
    parser.add_argument("--demo", action="store_true", help="run a demo queue")
    parser.add_argument("--max-attempts", type=int, default=3)
    options = parser.parse_args()
    if options.demo:
        queue = JobQueue(RetryPolicy(max_attempts=options.max_attempts), sleep=lambda s: None)
        queue.submit(print, "hello")
        for job in queue.run_all():
            print(job.name, job.state.value, job.attempts)


if __name__ == "__main__":
    main()
