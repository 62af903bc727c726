"""A static server for dist/ with the MIME types and cache headers of a typical static host."""
from __future__ import annotations

import functools
import http.server
import os
import socketserver
from pathlib import Path

from .paths import DIST


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".webmanifest": "application/manifest+json",
                      ".svg": "image/svg+xml", ".toml": "text/plain", ".zip": "application/zip"}

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("JOKER_SERVE_QUIET") != "1":
            super().log_message(format, *args)

    def end_headers(self) -> None:
        # Like a typical static host (GitHub Pages uses max-age=600): revalidate cheaply.
        self.send_header("Cache-Control", "max-age=0, must-revalidate")
        super().end_headers()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(port: int, directory: Path = DIST, host: str = "127.0.0.1") -> None:
    handler = functools.partial(Handler, directory=str(directory))
    with Server((host, port), handler) as httpd:
        print(f"serving {directory} on http://{host}:{httpd.server_address[1]}/", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass
