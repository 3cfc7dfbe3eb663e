#!/usr/bin/env python3
"""A small bookshelf server for the example, on a loopback port.

Prints the port it listens on as its first line, then serves until stopped.
Usage: python3 server.py [PORT]   (0, the default, picks a free port)
"""
import json
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

AUTHORS = {1: "Ursula K. Le Guin", 2: "Stanisław Lem"}
BOOKS = [
    {"id": 1, "title": "A Wizard of Earthsea", "year": 1968, "author": 1, "tags": ["fantasy"]},
    {"id": 2, "title": "Solaris", "year": 1961, "author": 2},
    {"id": 3, "title": "The Left Hand of Darkness", "year": 1969, "author": 1, "tags": ["sf"]},
]
TOKEN = "token-for-ada"


def book_json(book):
    body = dict(book, author={"id": book["author"], "name": AUTHORS[book["author"]]})
    return body


class Handler(BaseHTTPRequestHandler):
    def send(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length", 0)))

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        if url.path == "/v1/books":
            books = BOOKS
            if "author" in query:
                books = [b for b in BOOKS if str(b["author"]) == query["author"][0]]
            return self.send(200, {"data": {"items": [book_json(b) for b in books], "total": len(books)}})
        if url.path.startswith("/v1/books/"):
            wanted = url.path.rsplit("/", 1)[1]
            for book in BOOKS:
                if str(book["id"]) == wanted:
                    return self.send(200, book_json(book))
            return self.send(404, {"error": f"no book {wanted}"})
        self.send(404, {"error": "no such endpoint"})

    def do_POST(self):
        if self.path == "/v1/sessions":
            form = urllib.parse.parse_qs(self.body().decode())
            if form.get("username") == ["ada"] and form.get("password") == ["lovelace"]:
                return self.send(200, {"token": TOKEN})
            return self.send(401, {"error": "wrong username or password"})
        if self.path == "/v1/books":
            body = self.body()
            if self.headers.get("Authorization") != f"Bearer {TOKEN}":
                return self.send(401, {"error": "sign in first"})
            fields = json.loads(body)
            book = {"id": len(BOOKS) + 1, "title": fields["title"], "year": fields["year"], "author": fields["author_id"]}
            BOOKS.append(book)
            return self.send(201, book_json(book))
        self.send(404, {"error": "no such endpoint"})

    def log_message(self, format, *args):
        pass


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
