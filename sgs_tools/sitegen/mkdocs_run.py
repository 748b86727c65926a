"""``python -m sgs_tools.sitegen.mkdocs_run ARGS``: mkdocs' own command line, minus jieba's
start-up chatter.

The search plugin segments Chinese text with jieba, whose logger prints "Building prefix
dict …", "Loading model cost …" at debug level to stderr on every build. jieba sets its
logger to DEBUG when imported, so it is imported first and then turned down to WARNING:
its real warnings and errors still show. Everything else is mkdocs unchanged.
"""

from __future__ import annotations

import importlib
import logging
import sys

JIEBA_LOG_LEVEL = logging.WARNING


def quiet_jieba() -> None:
    """Import jieba (when installed) and keep its logger to warnings and errors."""
    try:
        importlib.import_module("jieba")
    except ImportError:
        return
    logging.getLogger("jieba").setLevel(JIEBA_LOG_LEVEL)


def main(argv: list[str] | None = None) -> None:
    quiet_jieba()
    from mkdocs.__main__ import cli

    cli.main(args=sys.argv[1:] if argv is None else argv, prog_name="mkdocs")


if __name__ == "__main__":
    main()
