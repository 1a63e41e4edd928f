#!/usr/bin/env python3
"""Serve web/dist/ (or the folder this script is in, in a release's web
bundle, or another folder) on localhost with the two headers
that make the page cross-origin isolated (COOP/COEP), so that commands such
as `stop` reach a running search at once.

    scripts/serve-web.py [--port 8080] [--dir web/dist]
"""
import argparse
import functools
import http.server
import os


class IsolatedHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
    }

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    # Beside the page in a release's web bundle, else in the source tree.
    beside = os.path.exists(os.path.join(here, "kyodai.wasm"))
    default_dir = here if beside else os.path.join(here, "..", "web", "dist")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--dir", default=default_dir)
    args = parser.parse_args()
    handler = functools.partial(IsolatedHandler, directory=args.dir)
    with http.server.ThreadingHTTPServer((args.bind, args.port), handler) as server:
        print(f"serving {os.path.abspath(args.dir)} at http://{args.bind}:{args.port}/", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
