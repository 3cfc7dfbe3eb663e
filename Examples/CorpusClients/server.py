#!/usr/bin/env python3
"""A loopback server for three APIs of the shared corpus: the petstore under /v1, the museum
under /museum and Swagger's petstore 3 under /api/v3. It answers 400 to a request that isn't
what the documents describe.

Prints the port it listens on as its first line, then serves until stopped.
"""
import json
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PETS = [{"id": 1, "name": "Rex", "tag": "dog"}, {"id": 2, "name": "Tom"}, {"id": 7, "name": "Nemo", "tag": "fish"}]
EVENT_ID = "dad4bce8-f5cb-4078-a211-995864315e39"
EVENTS = {}
STORE_PET = {"id": 10, "name": "doggie", "category": {"id": 1, "name": "Dogs"},
             "photoUrls": ["https://example.com/doggie.png"], "tags": [{"id": 1, "name": "good"}], "status": "available"}


class Handler(BaseHTTPRequestHandler):
    def send(self, status, body=None, content_type="application/json"):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        if body is not None:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def raw_body(self):
        return self.rfile.read(int(self.headers.get("Content-Length", 0)))

    def json_body(self):
        if self.headers.get("Content-Type", "").split(";")[0] != "application/json":
            return None
        return json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"null")

    def route(self, method):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        # UUIDs compare without regard to case, as RFC 9562 says.
        path = url.path.lower() if url.path.startswith("/museum/") else url.path
        if method == "GET" and path == "/v1/pets":
            if query != {"limit": ["2"]}:
                return self.send(400, {"code": 400, "message": "expected limit=2"})
            return self.send(200, PETS[:2])
        if method == "GET" and path.startswith("/v1/pets/"):
            pet = next((p for p in PETS if str(p["id"]) == path.rsplit("/", 1)[1]), None)
            return self.send(200, pet) if pet else self.send(404, {"code": 404, "message": "no such pet"})
        if method == "POST" and path == "/v1/pets":
            return self.send(201)
        if method == "GET" and path == "/museum/museum-hours":
            if query != {"startDate": ["2026-11-23"], "limit": ["2"]}:
                return self.send(400, {"type": "query", "title": "expected startDate and limit"})
            return self.send(200, [
                {"date": "2026-11-23", "timeOpen": "09:00", "timeClose": "18:00"},
                {"date": "2026-11-24", "timeOpen": "09:00", "timeClose": "20:00"},
            ])
        if method == "POST" and path == "/museum/special-events":
            event = self.json_body()
            if not event or event.get("dates") != ["2026-12-15"] or event.get("price") != 30:
                return self.send(400, {"type": "body", "title": f"unexpected event {event}"})
            event["eventId"] = EVENT_ID
            EVENTS[EVENT_ID] = event
            return self.send(201, event)
        if path == f"/museum/special-events/{EVENT_ID}":
            if method == "PATCH":
                fields = self.json_body()
                if fields != {"price": 15}:
                    return self.send(400, {"type": "body", "title": f"unexpected fields {fields}"})
                EVENTS[EVENT_ID].update(fields)
                return self.send(200, EVENTS[EVENT_ID])
            if method == "DELETE":
                EVENTS.pop(EVENT_ID, None)
                return self.send(204)
            if method == "GET":
                if EVENT_ID in EVENTS:
                    return self.send(200, EVENTS[EVENT_ID])
                return self.send(404, {"type": "object", "title": "Event not found"})
        if method == "POST" and path == "/museum/tickets":
            ticket = self.json_body()
            if ticket != {"email": "todd@example.com", "ticketDate": "2026-12-15", "ticketType": "general"}:
                return self.send(400, {"type": "body", "title": f"unexpected ticket {ticket}"})
            return self.send(201, dict(ticket, ticketId="a54a57ca-36f8-421b-a6b4-2e8f26858a4c",
                                       message="Museum general entry ticket purchased", confirmationCode="ticket-general-a54a57ca"))
        if path.startswith("/api/v3/"):
            return self.store(method, path[len("/api/v3"):], query)
        self.send(400, {"code": 400, "message": f"unexpected {method} {self.path}"})

    def store(self, method, path, query):
        # Each operation gets the credentials its security names: the OAuth token for pets, the
        # API key for the inventory, none for signing in.
        wanted = {"/store/inventory": (None, "special-key"), "/user/login": (None, None)}.get(path, ("Bearer token-1", None))
        if (self.headers.get("Authorization"), self.headers.get("api_key")) != wanted:
            return self.send(401, {"code": 401, "message": f"expected credentials {wanted}"})
        if method == "POST" and path == "/pet":
            pet = self.json_body()
            if pet != STORE_PET:
                return self.send(400, {"code": 400, "message": f"unexpected pet {pet}"})
            return self.send(200, pet)
        if method == "GET" and path == "/pet/findByStatus":
            if query != {"status": ["available"]}:
                return self.send(400, {"code": 400, "message": "expected status=available"})
            return self.send(200, [STORE_PET, dict(STORE_PET, id=11, name="kitty")])
        if method == "POST" and path == "/pet/10":
            if query != {"name": ["rex"]}:
                return self.send(400, {"code": 400, "message": "expected name=rex"})
            return self.send(200, dict(STORE_PET, name="rex"))
        if method == "POST" and path == "/pet/10/uploadImage":
            body = self.raw_body()
            if query != {"additionalMetadata": ["front"]} or self.headers.get("Content-Type") != "application/octet-stream" or body != b"\x89PNG":
                return self.send(400, {"code": 400, "message": "unexpected upload"})
            return self.send(200, {"code": 200, "type": "unknown", "message": f"stored {len(body)} bytes"})
        if method == "GET" and path == "/store/inventory":
            return self.send(200, {"available": 7, "sold": 2})
        if method == "GET" and path == "/user/login":
            if query != {"username": ["user1"], "password": ["secret"]}:
                return self.send(400, {"code": 400, "message": "expected username and password"})
            data = json.dumps("logged in user session:1234").encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("X-Rate-Limit", "5000")
            self.send_header("X-Expires-After", "2026-11-24T00:00:00Z")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        if method == "DELETE" and path == "/pet/10":
            return self.send(200)
        self.send(400, {"code": 400, "message": f"unexpected {method} {path}"})

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def do_PATCH(self):
        self.route("PATCH")

    def do_DELETE(self):
        self.route("DELETE")

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
