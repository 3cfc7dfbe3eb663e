"""The oracle's self-test: it starts the oracle on the documents of testdata/ and sends real requests.

    $(bash scripts/oracle/setup.sh) -m pytest -q scripts/oracle/test_oracle.py

It checks the contract driver's writer too (scripts/contract-driver.py), and builds and runs a
driver for testdata/shadowing.yaml with strategy-gen and the runtime of CONTRACT_BIN, or of the
package's debug build when it has one (.ci/run builds it first); without either that test is
skipped.
"""

import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
import urllib.error
import urllib.request

import yaml
from openapi_schema_validator import OAS30Validator

HERE = os.path.dirname(os.path.abspath(__file__))
SHOP = os.path.join(HERE, "testdata", "shop.yaml")
POLYMORPHISM = os.path.join(HERE, "testdata", "polymorphism.yaml")
STYLES = os.path.join(HERE, "testdata", "styles.yaml")
REQUESTS = os.path.join(HERE, "testdata", "requests.yaml")
BINARY31 = os.path.join(HERE, "testdata", "binary31.yaml")
VARIANTS = os.path.join(HERE, "testdata", "variants.yaml")
COVERAGE = os.path.join(HERE, "testdata", "coverage.yaml")
UPPER_UUID = "3FA85F64-5717-4562-B3FC-2C963F66AFA6"
LOWER_UUID = UPPER_UUID.lower()


def start(document, *options):
    log = tempfile.NamedTemporaryFile(suffix=".jsonl", delete=False).name
    process = subprocess.Popen([sys.executable, os.path.join(HERE, "oracle.py"), document, "--log", log,
                                "--idle-timeout", "60", *options], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()
    return process, line, log


class OracleCase(unittest.TestCase):
    document = SHOP
    options = ()

    @classmethod
    def setUpClass(cls):
        cls.process, cls.line, cls.log = start(cls.document, *cls.options)
        cls.url = cls.line.rsplit(" ", 1)[-1]
        with open(cls.document) as f:
            cls.doc = yaml.safe_load(f)

    @classmethod
    def tearDownClass(cls):
        cls.process.terminate()
        cls.process.wait(10)
        os.unlink(cls.log)

    def send(self, method, path, body=None, headers=None):
        request = urllib.request.Request(self.url + path, data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def answered(self, status, method, path, body=None, headers=None):
        """Sends a request, asserts the answer's status and returns its body."""
        answer, _, data = self.send(method, path, body, headers)
        self.assertEqual(answer, status, data)
        return data

    def refused(self, method, path, *fragments, body=None, headers=None):
        """Asserts a 597 whose reasons name every fragment; returns the reasons."""
        data = self.answered(597, method, path, body, headers)
        reasons = json.loads(data)["errors"]
        text = " | ".join(reasons)
        for fragment in fragments:
            self.assertIn(fragment, text)
        return reasons

    def document_fault(self, method, path, *fragments, body=None, headers=None):
        """Asserts a 598 whose logged document faults name every fragment."""
        self.answered(598, method, path, body, headers)
        text = " | ".join(self.entries()[-1]["document_faults"])
        for fragment in fragments:
            self.assertIn(fragment, text)

    def post_json(self, path, value):
        return self.send("POST", path, json.dumps(value).encode(), {"Content-Type": "application/json"})

    def assert_schema(self, value, name):
        schema = {"$ref": "#/components/schemas/%s" % name, "components": self.doc["components"]}
        OAS30Validator(schema, format_checker=OAS30Validator.FORMAT_CHECKER).validate(value)

    def entries(self):
        with open(self.log) as f:
            return [json.loads(line) for line in f]


class ValidRequests(OracleCase):
    def test_listening_line_names_the_base_path(self):
        self.assertRegex(self.line, r"^oracle listening on http://127\.0\.0\.1:\d+/api/v1$")

    def test_valid_request_gets_its_success_response(self):
        status, headers, data = self.send("GET", "/items?limit=2&tags=a,b")
        self.assertEqual(status, 200, data)
        self.assertTrue(headers["Content-Type"].startswith("application/json"))
        self.assertIn("X-Total", headers)
        int(headers["X-Total"])
        items = json.loads(data)
        self.assertGreaterEqual(len(items), 1)
        for item in items:
            self.assert_schema(item, "Item")
            self.assertEqual(item["id"], item["id"].lower())
            self.assertNotIn("secret", item)  # writeOnly
            for name in ("ownerId", "createdAt", "nickname", "id", "name"):  # every optional property filled
                self.assertIn(name, item)

    def test_secured_operation_with_its_key(self):
        body = json.dumps({"name": "lamp", "ownerId": LOWER_UUID}).encode()
        data = self.answered(201, "POST", "/items", body, {"Content-Type": "application/json", "X-Api-Key": "k"})
        self.assert_schema(json.loads(data), "Item")

    def test_answers_are_deterministic(self):
        first = self.send("GET", "/items/%s" % LOWER_UUID)[2]
        self.assertEqual(first, self.send("GET", "/items/%s" % LOWER_UUID)[2])

    def test_form_and_multipart_bodies_that_follow_the_document(self):
        status, _, data = self.send("POST", "/search", b"filter[color]=red&filter[size]=2&ids=1,2",
                                    {"Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual(status, 200, data)
        body = (b'--b\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n'
                b'Content-Type: application/octet-stream\r\n\r\nabc\r\n'
                b'--b\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n'
                b'{"name": "x"}\r\n--b--\r\n')
        self.answered(204, "POST", "/uploads", body, {"Content-Type": "multipart/form-data; boundary=b"})

    def test_matrix_path_parameter(self):
        self.answered(204, "GET", "/tiles/;coords=1,2")

    def test_each_request_is_logged(self):
        self.send("GET", "/orders/7")
        entry = [e for e in self.entries() if e["path"] == "/api/v1/orders/7"][-1]
        self.assertEqual(entry["operation"], "GET /orders/{orderId}")
        self.assertEqual(entry["operationId"], "getOrder")
        self.assertTrue(entry["valid"])
        self.assertEqual(entry["status"], 204)

    def test_example_contradicting_its_schema_is_a_document_fault(self):
        data = self.answered(200, "GET", "/stats")
        self.assertIsInstance(json.loads(data)["count"], int)
        entry = [e for e in self.entries() if e["operation"] == "GET /stats"][-1]
        self.assertTrue(any("example" in fault and "count" in fault for fault in entry["document_faults"]),
                        entry)


class InvalidRequests(OracleCase):
    def test_missing_required_query(self):
        self.refused("GET", "/items", "query parameter 'limit'", "required")

    def test_wrong_type_in_path(self):
        self.refused("GET", "/orders/seven", "path parameter 'orderId'", "integer")

    def test_upper_case_uuid_in_path(self):
        self.refused("GET", "/items/%s" % UPPER_UUID, "path parameter 'itemId'", "lower case")

    def test_upper_case_uuid_in_json_body(self):
        body = json.dumps({"name": "lamp", "ownerId": UPPER_UUID}).encode()
        self.refused("POST", "/items", "body.ownerId", "lower case", body=body,
                     headers={"Content-Type": "application/json", "X-Api-Key": "k"})

    def test_body_missing_required_property(self):
        self.refused("POST", "/items", "'name' is a required property", body=b'{"ownerId": "%s"}' % LOWER_UUID.encode(),
                     headers={"Content-Type": "application/json", "X-Api-Key": "k"})

    def test_missing_credential(self):
        self.refused("POST", "/items", "credentials", "X-Api-Key", body=b'{"name": "lamp"}',
                     headers={"Content-Type": "application/json"})

    def test_exploded_array_where_the_document_says_explode_false(self):
        self.refused("GET", "/items?limit=1&tags=a&tags=b", "query parameter 'tags'", "explode false")

    def test_matrix_path_parameter_in_another_style(self):
        self.refused("GET", "/tiles/1,2", "path parameter 'coords'", "style matrix")
        self.refused("GET", "/tiles/;coords=1,x", "path parameter 'coords'", "'x'")

    def test_form_property_in_the_wrong_style_for_deep_object(self):
        self.refused("POST", "/search", "form property 'filter'", "deepObject", body=b"filter=color,red",
                     headers={"Content-Type": "application/x-www-form-urlencoded"})

    def test_form_array_exploded_where_the_encoding_says_explode_false(self):
        self.refused("POST", "/search", "form property 'ids'", "explode false", body=b"ids=1&ids=2",
                     headers={"Content-Type": "application/x-www-form-urlencoded"})

    def test_multipart_body_missing_a_part(self):
        body = (b'--b\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n'
                b'{"name": "x"}\r\n--b--\r\n')
        self.refused("POST", "/uploads", "'file' is a required property", body=body,
                     headers={"Content-Type": "multipart/form-data; boundary=b"})

    def test_unmatched_path_and_method(self):
        self.refused("GET", "/nowhere?limit=1", "no path of the document matches GET /api/v1/nowhere")
        self.refused("DELETE", "/items?limit=1", "no DELETE operation")

    def test_invalid_requests_are_logged_as_such(self):
        self.send("GET", "/items")
        entry = self.entries()[-1]
        self.assertFalse(entry["valid"])
        self.assertEqual(entry["status"], 597)
        self.assertTrue(entry["errors"])


class ErrorsOnly(OracleCase):
    options = ("--errors-only",)

    def test_declared_error_with_a_valid_body(self):
        status, _, data = self.send("GET", "/items/%s" % LOWER_UUID)
        self.assertEqual(status, 404, data)  # 409 has no body: the one with a body is preferred
        self.assert_schema(json.loads(data), "Error")

    def test_operation_without_a_declared_error_answers_success(self):
        status, _, _ = self.send("GET", "/orders/1")
        self.assertEqual(status, 204)
        self.assertEqual(self.entries()[-1]["note"], "no-error-declared")


class Discriminators(OracleCase):
    document = POLYMORPHISM
    JSON = {"Content-Type": "application/json"}

    def test_inherited_discriminator_picks_the_member(self):
        status, _, data = self.post_json("/pets", {"pet_type": "Cat", "hunts": True, "age": 3})
        self.assertEqual(status, 204, data)
        status, _, data = self.post_json("/pets", {"pet_type": "Dog", "bark": True})
        self.assertEqual(status, 204, data)

    def test_inherited_discriminator_value_naming_no_member(self):
        self.refused("POST", "/pets", "'pet_type' is 'Cow'", "none of the oneOf's members",
                     body=b'{"pet_type": "Cow"}', headers=self.JSON)

    def test_chosen_member_is_still_validated(self):
        self.refused("POST", "/pets", "body.age", "integer", body=b'{"pet_type": "Cat", "age": "old"}',
                     headers=self.JSON)

    def test_mapping_to_a_schema_name_at_depth(self):
        status, _, data = self.post_json("/owners", {"name": "Ann", "pet": {"kind": "fish", "fins": 4}})
        self.assertEqual(status, 200, data)
        status, _, data = self.post_json("/owners", {"name": "Ann", "pet": {"kind": "bird", "wings": 2}})
        self.assertEqual(status, 200, data)

    def test_mapping_rejects_a_wrong_value_and_a_missing_one(self):
        self.refused("POST", "/owners", "body.pet", "'kind' is 'cow'", body=b'{"name": "A", "pet": {"kind": "cow"}}',
                     headers=self.JSON)
        self.refused("POST", "/owners", "body.pet", "does not contain the discriminating property 'kind'",
                     body=b'{"name": "A", "pet": {"wings": 2}}', headers=self.JSON)
        self.refused("POST", "/owners", "body.pet.wings", "integer",
                     body=b'{"name": "A", "pet": {"kind": "bird", "wings": "two"}}', headers=self.JSON)

    def test_discriminator_on_a_property_the_members_lack_is_a_document_fault(self):
        self.document_fault("POST", "/connectors", "property 'kind' is declared by none",
                            body=b'{"kind": "gcs", "settings": {"bucket": "b"}}', headers=self.JSON)


class SchemasNoValueMeets(OracleCase):
    document = POLYMORPHISM
    JSON = {"Content-Type": "application/json"}

    def test_an_all_of_without_a_type_in_common_is_a_document_fault(self):
        self.document_fault("POST", "/quirks", "body.incompatible", "allow no type in common",
                            body=b'{"incompatible": "a"}', headers=self.JSON)
        self.document_fault("POST", "/quirks", "allow no type in common", body=b'{"incompatible": 1}', headers=self.JSON)

    def test_an_all_of_with_a_type_in_common_is_checked_part_by_part(self):
        self.answered(204, "POST", "/quirks", b'{"compatible": 2}', self.JSON)
        self.refused("POST", "/quirks", "body.compatible", body=b'{"compatible": -1}', headers=self.JSON)
        self.refused("POST", "/quirks", "body.compatible", body=b'{"compatible": 1.5}', headers=self.JSON)

    def test_a_property_required_and_forbidden_is_a_document_fault_sent_or_not(self):
        for run in (b'{"assistant_id": "a"}', b'{"assistant_id": "a", "thread_id": "t"}'):
            self.document_fault("POST", "/quirks", "body.run", "'thread_id' are required, and additionalProperties: false",
                                body=b'{"run": %s}' % run, headers=self.JSON)

    def test_an_enum_of_values_not_of_its_type_is_a_document_fault(self):
        for flag in (b"true", b'"true"'):
            self.document_fault("POST", "/quirks", "body.flag", "none of them of its type",
                                body=b'{"flag": %s}' % flag, headers=self.JSON)

    def test_a_nullable_enum_of_its_type_is_checked_as_ever(self):
        self.answered(204, "POST", "/quirks", b'{"size": "small"}', self.JSON)
        self.refused("POST", "/quirks", "body.size", body=b'{"size": "huge"}', headers=self.JSON)

    def test_the_other_properties_of_such_a_schema_are_still_checked(self):
        self.refused("POST", "/quirks", "body.run", "assistant_id", body=b'{"run": {"thread_id": "t"}}', headers=self.JSON)
        self.refused("POST", "/quirks", "body.run", "extra", body=b'{"run": {"assistant_id": "a", "extra": 1}}',
                     headers=self.JSON)


class ReadOnlyThroughAReference(OracleCase):
    document = POLYMORPHISM
    JSON = {"Content-Type": "application/json"}

    def test_a_required_property_whose_schema_is_read_only_is_not_required_of_a_request(self):
        self.answered(204, "POST", "/profiles", b'{"name": "Ann"}', self.JSON)
        self.refused("POST", "/profiles", "'name' is a required property", body=b'{}', headers=self.JSON)


class InlineMembersOfADiscriminator(OracleCase):
    """Members written inline can't be named by a discriminating value; each one's property allows one."""
    document = POLYMORPHISM
    JSON = {"Content-Type": "application/json"}

    def test_the_value_picks_the_member_that_allows_only_it(self):
        self.answered(204, "POST", "/quirks", b'{"chunk": {"type": "text", "text": "hi"}}', self.JSON)
        self.answered(204, "POST", "/quirks", b'{"chunk": {"type": "image_url", "image_url": "u"}}', self.JSON)

    def test_the_member_picked_is_the_one_checked(self):
        self.refused("POST", "/quirks", "body.chunk", "image_url", body=b'{"chunk": {"type": "image_url", "text": "hi"}}',
                     headers=self.JSON)
        self.refused("POST", "/quirks", "body.chunk", "'video'", "names none",
                     body=b'{"chunk": {"type": "video", "text": "hi"}}', headers=self.JSON)


class IndistinguishableMembers(OracleCase):
    document = POLYMORPHISM
    JSON = {"Content-Type": "application/json"}

    def test_members_no_value_tells_apart_are_a_document_fault(self):
        self.document_fault("POST", "/shapes", "body.shape", "Square, Circle", "no value tells them apart",
                            body=b'{"shape": {"side": 1}}', headers=self.JSON)
        entry = self.entries()[-1]
        self.assertEqual(entry["note"], "document-fault")
        self.document_fault("POST", "/shapes", "body.label", body=b'{"label": "x"}', headers=self.JSON)

    def test_a_wrong_value_is_still_invalid(self):
        self.refused("POST", "/shapes", "body.shape", body=b'{"shape": 3}', headers=self.JSON)
        self.refused("POST", "/shapes", "body.shape", "side", body=b'{"shape": {"side": "x", "radius": "y"}}',
                     headers=self.JSON)

    def test_members_that_differ_by_required_properties_are_the_client_s_to_tell_apart(self):
        status, _, data = self.post_json("/events", {"start": "a"})
        self.assertEqual(status, 204, data)
        self.refused("POST", "/events", "is valid under each of", body=b'{"start": "a", "end": "b"}',
                     headers=self.JSON)


class Styles(OracleCase):
    document = STYLES
    FORM = {"Content-Type": "application/x-www-form-urlencoded"}
    MULTIPART = {"Content-Type": "multipart/form-data; boundary=b"}

    def part(self, name, text, json_part=False):
        kind = "Content-Type: application/json\r\n" if json_part else ""
        return ('--b\r\nContent-Disposition: form-data; name="%s"\r\n%s\r\n%s\r\n' % (name, kind, text)).encode()

    def test_exploded_object_cookie_as_its_properties(self):
        self.answered(204, "GET", "/prefs", headers={"Cookie": "R=100; G=200"})
        self.answered(204, "GET", "/prefs", headers={"Cookie": "R=100&G=200"})

    def test_exploded_object_cookie_wrongly_typed_or_under_its_name(self):
        self.refused("GET", "/prefs", "cookie parameter 'color'", "'x' is not of type 'integer'",
                     headers={"Cookie": "R=x; G=200"})
        self.refused("GET", "/prefs", "cookie parameter 'color' is sent as color=", "explode true",
                     headers={"Cookie": "color=R%3D100%2CG%3D200"})

    def test_a_form_property_required_and_not_declared_is_read_as_sent(self):
        self.answered(204, "POST", "/revoke", b"token=t&grant_type=refresh_token", self.FORM)
        self.refused("POST", "/revoke", "'grant_type' is a required property", body=b"token=t", headers=self.FORM)

    def test_form_body_in_every_style(self):
        body = b"colors=R,100,G,200&red=1&green=2&tags=a%20b&ids=1|2&sizes=3,4&filter[size]=5&name=x"
        self.answered(204, "POST", "/forms", body, self.FORM)

    def test_form_body_values_the_schema_doesnt_allow(self):
        for body, where in ((b"colors=R,x,G,200", "body.colors.R"), (b"red=x", "body.rgb.red"),
                            (b"ids=1|x", "body.ids[1]"), (b"sizes=3,x", "body.sizes[1]"),
                            (b"filter[size]=big", "body.filter.size")):
            self.refused("POST", "/forms", where, "is not of type 'integer'", body=body, headers=self.FORM)
        self.refused("POST", "/forms", "form property 'colors'", "key,value pairs", body=b"colors=R,1,G",
                     headers=self.FORM)

    def test_multipart_body_ignores_the_style_in_openapi_3_0_3(self):
        body = self.part("tags", "a") + self.part("tags", "b") + self.part("meta", '{"R": 1}', True) + b"--b--\r\n"
        data = self.answered(204, "POST", "/uploads", body, self.MULTIPART)
        body = self.part("meta", '{"R": "red"}', True) + b"--b--\r\n"
        self.refused("POST", "/uploads", "body.meta.R", "integer", body=body, headers=self.MULTIPART)


def strict_json(data):
    """JSON as every reader takes it: no NaN or infinities."""
    def refuse(constant):
        raise ValueError("not JSON: %s" % constant)
    return json.loads(data, parse_constant=refuse)


def part(name, data, content_type=None):
    kind = "Content-Type: %s\r\n" % content_type if content_type else ""
    return ('--b\r\nContent-Disposition: form-data; name="%s"\r\n%s\r\n' % (name, kind)).encode() + data + b"\r\n"


class Requests(OracleCase):
    document = REQUESTS
    MULTIPART = {"Content-Type": "multipart/form-data; boundary=b"}

    def test_accept_content_type_and_authorization_header_parameters_are_ignored(self):
        self.answered(200, "GET", "/things")
        self.answered(200, "GET", "/things", headers={"Authorization": "Bearer x", "Accept": "*/*"})

    def test_a_parameter_that_is_not_its_content_s_json_is_invalid_not_a_crash(self):
        self.refused("GET", "/things?filter=string", "query parameter 'filter'", "application/json")

    def test_answers_are_json_every_reader_takes_and_small(self):
        data = self.answered(200, "GET", "/things")
        value = strict_json(data)
        self.assertIsInstance(value["score"], (int, float))
        self.assertLessEqual(len(value["rows"]), 3)
        for row in value["rows"]:
            self.assertLessEqual(len(row["cells"]), 3)
            self.assertLessEqual(len(row["name"]), 40)
        self.assertTrue(any("example" in f for f in self.entries()[-1]["document_faults"]))

    def test_multipart_text_parts_read_as_their_schema_s_types_binary_parts_as_binary(self):
        body = (part("model", b"small") + part("n", b"1") + part("flag", b"true") + part("tags", b"a")
                + part("tags", b"b") + part("meta", b'{"size": 2}') + part("thumb", b"aGVsbG8=")
                + part("file", b"\x89PNG\xff\x00", "application/octet-stream") + b"--b--\r\n")
        self.answered(204, "POST", "/uploads", body, self.MULTIPART)

    def test_multipart_parts_the_schema_doesnt_allow(self):
        body = part("model", b"small") + part("n", b"one") + part("file", b"x") + b"--b--\r\n"
        self.refused("POST", "/uploads", "body.n", "integer", body=body, headers=self.MULTIPART)
        body = part("model", b"small") + part("n", b"1") + part("file", b"x") + part("thumb", b"not base64!") + b"--b--\r\n"
        self.refused("POST", "/uploads", "part 'thumb'", "base64", body=body, headers=self.MULTIPART)
        body = part("model", b"big") + part("n", b"1") + part("file", b"x") + b"--b--\r\n"
        self.refused("POST", "/uploads", "body.model", body=body, headers=self.MULTIPART)

    def test_binary_and_base64_bodies(self):
        self.answered(204, "PUT", "/avatar", b"\x89PNG\xff\x00", {"Content-Type": "application/octet-stream"})
        self.answered(204, "PUT", "/avatar", b"aGVsbG8=", {"Content-Type": "image/jpeg"})
        self.refused("PUT", "/avatar", "base64", body=b"\xff\xd8 raw", headers={"Content-Type": "image/jpeg"})


class Binary31(OracleCase):
    document = BINARY31

    def test_content_media_type_and_encoding_bodies(self):
        self.answered(204, "PUT", "/avatar", b"\x00\xffsample", {"Content-Type": "application/octet-stream"})
        self.answered(204, "PUT", "/avatar", b"c2FtcGxl", {"Content-Type": "image/png"})
        self.refused("PUT", "/avatar", "base64", body=b"sample!", headers={"Content-Type": "image/png"})

    def test_content_media_type_part(self):
        body = part("file", b"\x89PNG", "image/png") + part("count", b"2") + b"--b--\r\n"
        self.answered(204, "POST", "/uploads", body, {"Content-Type": "multipart/form-data; boundary=b"})


class Variants(OracleCase):
    """Path keys that differ only after '#' share a URL: a request goes to the first that it meets."""
    document = VARIANTS

    def last(self):
        return self.entries()[-1]

    def test_plain_key_without_the_item(self):
        data = self.answered(200, "GET", "/items/a1?verbose=true")
        self.assertEqual(self.last()["operation"], "GET /items/{id}")
        self.assertIn("name", json.loads(data))

    def test_variant_with_the_item(self):
        data = self.answered(200, "GET", "/items/a1?fields=shared_link")
        self.assertEqual(self.last()["operation"], "GET /items/{id}#shared")
        self.assertEqual(self.last()["operationId"], "getItemShared")
        self.assertIn("shared_link", json.loads(data))

    def test_an_item_only_the_plain_key_declares_keeps_it_there(self):
        self.answered(200, "GET", "/items/a1?fields=shared_link&verbose=true")
        self.assertEqual(self.last()["operation"], "GET /items/{id}")

    def test_indistinguishable_variant_is_a_document_fault(self):
        faults = [e for e in self.entries() if e["status"] == 598 and e["operation"].startswith("GET /items/")]
        self.assertEqual([e["operation"] for e in faults], ["GET /items/{id}#again"])
        self.assertIn("GET /items/{id}#shared", faults[0]["document_faults"][0])
        self.assertIn("no request can reach it", faults[0]["document_faults"][0])

    def test_a_request_only_an_unreachable_variant_takes_is_that_variants_document_fault(self):
        self.document_fault("GET", "/modes?mode=b", "GET /modes#b: no request can reach it")
        self.assertEqual(self.last()["operation"], "GET /modes#b")
        self.refused("GET", "/modes?mode=c", "query parameter 'mode'")
        self.assertEqual(self.last()["operation"], "GET /modes")

    def test_a_request_reaches_each_variant_it_cant_tell_apart(self):
        self.answered(204, "PUT", "/files/f1?fields=shared_link", json.dumps({"shared_link": {"access": "open"}}).encode(),
                      {"Content-Type": "application/json"})
        self.assertEqual(self.last()["operation"], "PUT /files/{id}#add_link")
        self.assertEqual(self.last()["also"], ["PUT /files/{id}#update_link"])
        self.answered(200, "GET", "/items/a1?fields=shared_link")
        self.assertEqual(self.last()["also"], [], "the plain key requires less than the variant chosen")

    def test_a_path_parameter_the_path_doesnt_name_is_a_document_fault(self):
        self.document_fault("GET", "/owners/o1/pets", "path parameter 'userId' is declared", "has no {userId}")

    def test_variants_without_a_plain_key(self):
        status, _, _ = self.post_json("/jobs", {"action": "stop"})
        self.assertEqual((status, self.last()["operation"]), (204, "POST /jobs#stop"))
        status, _, _ = self.post_json("/jobs", {"action": "start"})
        self.assertEqual((status, self.last()["operation"]), (202, "POST /jobs#start"))

    def test_none_met_gives_the_first_candidates_reasons(self):
        self.refused("POST", "/jobs", "start", body=json.dumps({"action": "pause"}).encode(),
                     headers={"Content-Type": "application/json"})
        self.assertEqual(self.last()["operation"], "POST /jobs#start")
        self.assertFalse(self.last()["valid"])


class Generation(unittest.TestCase):
    def test_values_hold_only_numbers_json_writes(self):
        sys.path.insert(0, HERE)
        from generate import plain_numbers
        self.assertIsNone(plain_numbers({"a": [1.0, float("nan")]}))
        self.assertIsNone(plain_numbers(float("inf")))
        self.assertEqual(plain_numbers({"a": [5e-324, -1e-40, 0.5, None]}), {"a": [0.0, 0.0, 0.5, None]})



class Patterns(unittest.TestCase):
    def test_patterns_of_other_dialects_are_read_as_meant(self):
        sys.path.insert(0, HERE)
        import re
        from document import read_file
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
            f.write("openapi: 3.0.3\ncomponents:\n  schemas:\n"
                    "    Name: { type: string, pattern: '^[a-z]+\\z' }\n"
                    "    Broken: { type: string, pattern: '(unclosed' }\n"
                    "    Literal: { type: string, pattern: '/^[a-z]+$/i' }\n"
                    "    Path: { type: string, pattern: '/api/v1/' }\n"
                    "    Holder: { type: object, properties: { pattern: { type: string } } }\n")
        try:
            schemas = read_file(f.name)["components"]["schemas"]
        finally:
            os.unlink(f.name)
        pattern = re.compile(schemas["Name"]["pattern"])
        self.assertTrue(pattern.search("scope"))
        self.assertFalse(pattern.search("scope\nmore"))
        literal = re.compile(schemas["Literal"]["pattern"])
        self.assertTrue(literal.search("Scope"))
        self.assertFalse(literal.search("/scope/i"))
        self.assertEqual(schemas["Path"]["pattern"], "/api/v1/", "a body holding a slash is no literal")
        self.assertFalse(pattern.search("Scope"))
        self.assertNotIn("pattern", schemas["Broken"])
        self.assertEqual(schemas["Holder"]["properties"]["pattern"], {"type": "string"})


class Wire(OracleCase):
    document = os.path.join(HERE, "testdata", "wire.yaml")

    def test_declared_content_length_is_the_body_length(self):
        status, headers, data = self.send("GET", "/archives/a")
        self.assertEqual(status, 200, data)
        self.assertEqual(int(headers["Content-Length"]), len(data))
        self.assertEqual(headers["Connection"], "close")
        self.assertIn("name", json.loads(data))

    def test_of_templates_with_as_many_variables_the_one_with_more_fixed_characters_is_found(self):
        status, headers, _ = self.send("GET", "/archives/a.zip")
        self.assertEqual(status, 200)
        self.assertEqual(headers["Content-Type"], "application/zip")
        self.assertEqual(self.entries()[-1]["operationId"], "getArchive")

    def test_a_redirect_without_a_declared_location_is_a_document_fault(self):
        self.document_fault("GET", "/moved", "a redirect whose Location the document doesn't declare")

    def test_a_redirect_with_a_declared_location_is_answered(self):
        status, headers, _ = self.send_unfollowed("GET", "/moved-there")
        self.assertEqual(status, 302)
        self.assertIn("Location", headers)

    def send_unfollowed(self, method, path):
        class Stay(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None
        opener = urllib.request.build_opener(Stay)
        try:
            with opener.open(urllib.request.Request(self.url + path, method=method), timeout=20) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()



class KeptValues(unittest.TestCase):
    """Oracles run one after another on a document share their draws through --values."""

    def setUp(self):
        if HERE not in sys.path:
            sys.path.insert(0, HERE)
        import generate
        self.generate = generate
        self.saved = dict(generate._drawn), generate._kept[0], generate._hypothesis_values
        generate._drawn.clear()
        self.path = tempfile.NamedTemporaryFile(suffix=".jsonl", delete=False).name
        os.unlink(self.path)

    def tearDown(self):
        generate = self.generate
        if generate._kept[0] is not None:
            generate._kept[0].close()
        generate._drawn.clear()
        generate._drawn.update(self.saved[0])
        generate._kept[0], generate._hypothesis_values = self.saved[1], self.saved[2]
        if os.path.exists(self.path):
            os.unlink(self.path)

    def cut_short(self):
        """Closes the kept file as a run cut short leaves it: half a line at its end."""
        self.generate._kept[0].close()
        with open(self.path, "a", encoding="utf-8") as kept:
            kept.write('{"schema": "{\\"type\\"')

    def reopen_refusing_to_draw(self):
        """A new run on the kept file, in which drawing a value fails the test."""
        self.generate._drawn.clear()

        def refuse(*_):
            raise AssertionError("a kept schema was drawn again")
        self.generate._hypothesis_values = refuse
        self.generate.keep_values_in(self.path)

    def test_a_later_run_answers_with_the_values_drawn_before_without_drawing(self):
        schema = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "size": {"type": "integer"}}}
        self.generate.keep_values_in(self.path)
        drawn = self.generate.hypothesis_values(schema, 7)
        self.assertTrue(drawn)
        self.cut_short()

        self.reopen_refusing_to_draw()
        self.assertEqual(self.generate.hypothesis_values(schema, 7), drawn)
        with self.assertRaises(AssertionError):
            self.generate.hypothesis_values(schema, 8)  # another seed is another draw

    def test_a_draw_made_after_a_run_cut_short_is_kept_for_the_next_run(self):
        first = {"type": "object", "properties": {"name": {"type": "string"}}}
        second = {"type": "object", "properties": {"size": {"type": "integer"}}}
        self.generate.keep_values_in(self.path)
        self.generate.hypothesis_values(first, 1)
        self.cut_short()

        self.generate._drawn.clear()
        self.generate.keep_values_in(self.path)
        drawn = self.generate.hypothesis_values(second, 2)
        self.assertTrue(drawn)
        self.generate._kept[0].close()

        self.reopen_refusing_to_draw()
        self.assertEqual(self.generate.hypothesis_values(second, 2), drawn)

    def test_the_oracle_keeps_its_draws_in_the_file(self):
        process, line, log = start(SHOP, "--values", self.path)
        try:
            url = line.rsplit(" ", 1)[-1]
            with urllib.request.urlopen(url + "/items?limit=2&tags=a,b", timeout=20) as response:
                self.assertEqual(response.status, 200)
        finally:
            process.terminate()
            process.wait(10)
            os.unlink(log)
        with open(self.path, encoding="utf-8") as kept:
            entries = [json.loads(line) for line in kept]
        self.assertTrue(entries)
        self.assertTrue(all(set(entry) == {"schema", "seed", "values"} for entry in entries))


class Coverage(OracleCase):
    """What each request carries of what its operation declares, logged under `coverage`."""
    document = COVERAGE
    JSON = {"Content-Type": "application/json"}

    def order(self, body, query="?q=x", headers=None):
        headers = dict(self.JSON, **(headers or {}))
        return self.send("POST", "/orders/s1" + query, json.dumps(body).encode(), headers)

    def carried(self, operation="POST /orders/{shop}"):
        return self.entries()[-1]["coverage"][operation]

    def test_a_declared_query_parameter_left_out_is_not_carried(self):
        status, _, data = self.order({"customer": {"name": "Ann"}})
        self.assertEqual(status, 204, data)
        self.assertEqual(self.carried()["parameters"], ["path shop", "query q"])
        status, _, data = self.order({"customer": {"name": "Ann"}}, "?q=x&dry=true", {"X-Trace": "t", "Cookie": "session=s"})
        self.assertEqual(status, 204, data)
        self.assertEqual(self.carried()["parameters"], ["cookie session", "header X-Trace", "path shop", "query dry", "query q"])

    def test_nested_and_referred_properties_are_named_by_their_owner(self):
        body = {"customer": {"name": "Ann"}, "lines": [{"sku": "a"}, {"note": "n"}], "shipping": {"street": "Main"},
                "pet": {"kind": "Cat", "hunts": True}}
        status, _, data = self.order(body)
        self.assertEqual(status, 204, data)
        self.assertEqual(self.carried()["properties"], [
            "Cat.hunts", "Cat.kind", "Customer.name", "Order.customer", "Order.lines", "Order.lines[].note",
            "Order.lines[].sku", "Order.pet", "Order.shipping", "Order.shipping.street"])
        self.assertNotIn("nulls", self.carried())

    def test_a_null_counts_for_a_nullable_property_only_when_sent_as_null(self):
        body = {"customer": {"name": "Ann", "nickname": None}, "lines": [{"note": None}, {"note": "n"}], "size": "small"}
        status, _, data = self.order(body)
        self.assertEqual(status, 204, data)
        self.assertEqual(self.carried()["nulls"], ["Customer.nickname", "Order.lines[].note"])
        status, _, data = self.order({"customer": {"name": "Ann", "nickname": "A"}})
        self.assertEqual(status, 204, data)
        self.assertNotIn("nulls", self.carried())

    def test_a_read_only_property_in_a_request_is_refused(self):
        reasons = self.refused("POST", "/orders/s1?q=x", "body.id", "readOnly", body=json.dumps(
            {"customer": {"name": "Ann"}, "id": "o1"}).encode(), headers=self.JSON)
        self.assertEqual(len(reasons), 1, reasons)
        self.assertEqual(self.carried()["read_only"], ["Order.id"])
        self.refused("POST", "/orders/s1?q=x", "body.shipping.createdAt", body=json.dumps(
            {"customer": {"name": "Ann"}, "shipping": {"createdAt": "now"}}).encode(), headers=self.JSON)
        self.refused("POST", "/orders/s1?q=x", "body.customer.audit", "Customer.audit", body=json.dumps(
            {"customer": {"name": "Ann", "audit": {"by": "x"}}}).encode(), headers=self.JSON)

    def test_free_form_objects_and_form_fields(self):
        self.answered(204, "PUT", "/notes", json.dumps({"text": None, "extra": {}}).encode(), self.JSON)
        self.assertEqual(self.carried("PUT /notes"), {"properties": ["body.extra", "body.text"], "nulls": ["body.text"]})
        self.answered(204, "PUT", "/notes", json.dumps({"extra": {"a": 1}, "node": {"children": [{"label": "l"}]}}).encode(),
                      self.JSON)
        self.assertEqual(self.carried("PUT /notes"), {
            "properties": ["Node.children", "Node.label", "body.extra", "body.node"], "free_form": ["body.extra"]})
        self.answered(204, "PUT", "/notes", b"title=t", {"Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual(self.carried("PUT /notes"), {"properties": ["body.title"]})


class CoverageDeclared(unittest.TestCase):
    """What a document declares, as coverage.py reads it."""

    def declared(self, text):
        if HERE not in sys.path:
            sys.path.insert(0, HERE)
        import coverage
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
            f.write(text)
        try:
            return coverage.declared_by_document(f.name)
        finally:
            os.unlink(f.name)

    def test_what_an_operation_declares(self):
        declared = self.declared(open(COVERAGE).read())["POST /orders/{shop}"]
        self.assertEqual(declared["parameters"], {"path shop", "query q", "query dry", "header X-Trace", "cookie session"})
        self.assertIn("Order.shipping.street", declared["properties"])
        self.assertEqual({"Cat.kind", "Cat.name", "Dog.kind", "Dog.name"} & declared["properties"],
                         {"Cat.kind", "Cat.name", "Dog.kind", "Dog.name"}, "an inherited property is its member's")
        self.assertNotIn("Order.id", declared["properties"])
        self.assertEqual(declared["read_only"], {"Order.id", "Order.shipping.createdAt", "Customer.audit"})
        self.assertEqual(declared["nulls"], {"Customer.nickname", "Order.lines[].note"},
                         "an enum without null keeps it out")

    def test_nullable_in_openapi_3_0_and_recursion(self):
        declared = self.declared("""openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                plain: {type: string, nullable: true}
                wrapped: {allOf: [{$ref: "#/components/schemas/Tree"}], nullable: true}
                named: {$ref: "#/components/schemas/Name"}
                free: {type: object}
                map: {additionalProperties: {$ref: "#/components/schemas/Name"}}
                tree: {$ref: "#/components/schemas/Tree"}
      responses: {"204": {description: ok}}
components:
  schemas:
    Name: {type: string, nullable: true}
    Tree:
      type: object
      properties:
        kids: {type: array, items: {$ref: "#/components/schemas/Tree"}}
        inline: {type: object, properties: {deep: {type: object, properties: {leaf: {type: string}}}}}
""")["POST /a"]
        self.assertEqual(declared["nulls"], {"body.plain", "body.named"})
        self.assertEqual(declared["free_form"], {"body.free", "body.map"})
        self.assertEqual(declared["properties"], {"body.plain", "body.wrapped", "body.named", "body.free", "body.map",
                                                  "body.tree", "Tree.kids", "Tree.inline", "Tree.inline.deep",
                                                  "Tree.inline.deep.leaf"})


class CoverageReport(unittest.TestCase):
    """contract_report.py's coverage lines and its opt-in gate, on logs written here."""

    def setUp(self):
        if HERE not in sys.path:
            sys.path.insert(0, HERE)
        self.work = tempfile.mkdtemp()
        folder = os.path.join(self.work, "coverage.yaml")
        os.mkdir(folder)
        self.folder = folder
        with open(os.path.join(folder, "document"), "w") as f:
            f.write(COVERAGE + "\n")
        with open(os.path.join(folder, "success.out"), "w") as f:
            f.write("CreateOrder POST /orders/{shop} 204 decoded\nPutNote PUT /notes 204 decoded\n")

    def tearDown(self):
        import shutil
        shutil.rmtree(self.work)

    def log(self, *coverages):
        with open(os.path.join(self.folder, "success.log"), "w") as f:
            for seq, (operation, carried) in enumerate(coverages, 1):
                f.write(json.dumps({"seq": seq, "method": operation.split()[0], "path": "/x", "operation": operation,
                                    "valid": True, "errors": [], "status": 204, "document_faults": [], "note": None,
                                    "coverage": {operation: carried}}) + "\n")

    def report(self, gate=None):
        import contextlib
        import io
        import contract_report
        out = io.StringIO()
        saved = os.environ.pop("CONTRACT_COVERAGE", None), os.environ.pop("CONTRACT_GATE", None)
        if gate:
            os.environ["CONTRACT_COVERAGE"] = gate
        try:
            with contextlib.redirect_stdout(out):
                status = contract_report.report(self.work)
        finally:
            os.environ.pop("CONTRACT_COVERAGE", None)
            for name, value in zip(("CONTRACT_COVERAGE", "CONTRACT_GATE"), saved):
                if value is not None:
                    os.environ[name] = value
        return status, out.getvalue()

    EVERYTHING = {
        "parameters": ["cookie session", "header X-Trace", "path shop", "query dry", "query q"],
        "properties": ["Cat.hunts", "Cat.kind", "Cat.name", "Customer.name", "Customer.nickname", "Dog.barks", "Dog.kind",
                       "Dog.name", "Order.customer", "Order.lines", "Order.lines[].note", "Order.lines[].sku",
                       "Order.pet", "Order.shipping", "Order.shipping.street", "Order.size"],
        "nulls": ["Customer.nickname", "Order.lines[].note"]}
    NOTES = {"properties": ["Node.children", "Node.label", "body.extra", "body.node", "body.text", "body.title"],
             "nulls": ["body.text"], "free_form": ["body.extra"]}

    def test_the_lines_and_what_was_never_sent(self):
        self.log(("POST /orders/{shop}", {"parameters": ["path shop", "query q"], "properties": ["Order.customer"]}),
                 ("PUT /notes", {"properties": ["body.text"], "nulls": ["body.text"]}))
        status, text = self.report()
        self.assertEqual(status, 0, text)
        line = "parameters sent 2/5, body properties sent 2/22, nulls sent 1/3, free-form bodies sent with keys 0/1, readOnly sent 0"
        self.assertIn("coverage.yaml                            " + line, text)
        self.assertIn("total                                    " + line, text)
        self.assertIn("    coverage.yaml: POST /orders/{shop}: parameter query dry", text)
        self.assertIn("    coverage.yaml: POST /orders/{shop}: parameter header X-Trace", text)
        self.assertIn("never sent (at most 12 a document) (13):", text)
        self.assertIn("    coverage.yaml: and 14 more", text)
        self.assertIn("never sent: body properties 20, nullable properties never null 2, ", text)
        self.assertIn("partial  coverage", text)

    def test_the_gate_is_opt_in_and_wants_everything(self):
        self.log(("POST /orders/{shop}", {"parameters": ["path shop", "query q"]}), ("PUT /notes", {}))
        self.assertEqual(self.report()[0], 0)
        status, text = self.report("every")
        self.assertEqual(status, 1, text)
        self.assertIn("MISSED coverage", text)
        self.log(("POST /orders/{shop}", self.EVERYTHING), ("PUT /notes", self.NOTES))
        status, text = self.report("every")
        self.assertEqual(status, 0, text)
        self.assertIn("met    coverage", text)
        self.assertIn("free-form bodies sent with keys 1/1, readOnly sent 0", text)

    def test_a_read_only_property_sent_fails_the_gate(self):
        self.log(("POST /orders/{shop}", dict(self.EVERYTHING, read_only=["Order.id"])), ("PUT /notes", self.NOTES))
        status, text = self.report("every")
        self.assertEqual(status, 1, text)
        self.assertIn("readOnly sent 1", text)
        self.assertIn("readOnly properties sent (1):\n    coverage.yaml: POST /orders/{shop}: Order.id", text)



SCRIPTS = os.path.dirname(HERE)
SHADOWING = os.path.join(HERE, "testdata", "shadowing.yaml")


def add_full_sample(samples, extension, text):
    """A samples file with `text` (a fullSample's declaration) added to the extension of a type."""
    start = samples.index("extension %s {\n" % extension)
    end = samples.index("\n}\n", start)
    return samples[:end] + "\n" + text + samples[end:]


class DriverWriter(unittest.TestCase):
    """scripts/contract-driver.py on a client's code written here, as strategy-gen writes it."""

    STRATEGIES = """import Foundation

/// `GET /data/{id}`
public struct GetData: Strategy {
    public typealias Output = DataModel

    public struct Input: Sendable {
        public var id: String
    }
}

/// `POST /processes`
public struct StartProcess: Strategy {
    public typealias Output = ResultModel
    public typealias Input = Process
}

/// `GET /curls`
public struct ListCurls: Strategy {
    public typealias Output = [Curl]
}
"""
    SAMPLES = """import Foundation

extension Process {
    /// A sample `Process`, for previews and tests.
    public static var sample: Self {
        Self(name: "string")
    }
}

extension GetData.Input {
    /// A sample input of `GetData`, for previews and tests.
    public static var sample: Self {
        Self(id: "string")
    }
}
"""
    CLIENT = "public struct ShadowClient: Sendable {\n}\n"

    def driver(self, samples, strategies=None, models="", check=True):
        """The driver written for these files; with check=False, the finished process."""
        folder = tempfile.mkdtemp()
        try:
            for suffix, text in (("Strategies", strategies or self.STRATEGIES), ("Samples", samples),
                                 ("Client", self.CLIENT), ("Models", models)):
                with open(os.path.join(folder, "shadow.%s.swift" % suffix), "w") as f:
                    f.write(text)
            run = subprocess.run([sys.executable, os.path.join(SCRIPTS, "contract-driver.py"), folder],
                                 capture_output=True, text=True, check=check)
            return run.stdout if check else run
        finally:
            import shutil
            shutil.rmtree(folder)

    def test_an_input_with_a_full_sample_is_called_with_each(self):
        samples = add_full_sample(self.SAMPLES, "GetData.Input",
                                  "    public static var fullSample: Self {\n        Self(id: \"full\")\n    }")
        samples = add_full_sample(samples, "Process", "    /// Everything.\n    public static var fullSample: Self { Self(name: \"n\") }")
        text = self.driver(samples)
        for call in ("client.call(GetData(), GetData.Input.sample)", "client.call(GetData(), GetData.Input.fullSample)",
                     "client.call(StartProcess(), Process.sample)", "client.call(StartProcess(), Process.fullSample)"):
            self.assertEqual(text.count(call), 1, call)
        self.assertEqual(text.count('attempts.append(.record("fullSample", outcome(of: error)))'), 2)
        self.assertEqual(text.count('report("GetData", "GET", "/data/{id}", attempts)'), 1, "one line an operation")

    def test_without_a_full_sample_one_call(self):
        text = self.driver(self.SAMPLES)
        self.assertNotIn("fullSample", text.split("let client =")[1])
        self.assertEqual(text.count("client.call(StartProcess(), Process.sample)"), 1)
        self.assertEqual(text.count("client.call(ListCurls())"), 1)

    def test_a_library_type_is_sampled_whatever_a_generated_type_is_named(self):
        strategies = self.STRATEGIES + """
/// `PUT /blobs`
public struct PutBlob: Strategy {
    public typealias Output = Void
    public typealias Input = Foundation.Data
}

/// `PUT /names`
public struct PutNames: Strategy {
    public typealias Output = Void
    public typealias Input = [Swift.String: Swift.String]
}
"""
        samples = self.SAMPLES + "\nextension Data {\n    public static var sample: Self { Self() }\n}\n"
        text = self.driver(samples, strategies)
        self.assertEqual(text.count('client.call(PutBlob(), Foundation.Data("sample".utf8))'), 1)
        self.assertEqual(text.count('client.call(PutNames(), ["key": "string"])'), 1)

    def test_a_type_named_as_a_module_is_named_as_what_hides_it(self):
        run = self.driver(self.SAMPLES, models="public struct Foundation: Sendable {}\n\npublic enum Swift {}\n",
                          check=False)
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("declares a type named Foundation and Swift", run.stderr)
        self.assertEqual(self.driver(self.SAMPLES, models="public struct Pet: Sendable {\n    struct Foundation {}\n}\n",
                                     check=False).returncode, 0, "a nested type hides nothing")

    def test_the_driver_names_the_types_it_uses_with_their_modules(self):
        text = self.driver(self.SAMPLES).split("let client =")[0]  # the rest names the generated types
        code = "\n".join(re.sub(r'"(?:[^"\\]|\\.)*"', '""', line).split("//")[0] for line in text.splitlines())
        names = ("Process", "Data", "URL", "URLComponents", "UUID", "FileManager", "NSLock", "TimeInterval", "String",
                 "Int", "Set", "Array", "Mirror", "UTF8", "Error", "Sendable", "CustomStringConvertible", "CommandLine",
                 "Result", "Task", "Date", "JSONDecoder", "HTTPRequest", "HTTPResponse", "HTTPFields", "HTTPField",
                 "Server", "Transport", "URLSessionTransport", "StrategyClient", "ClientBuilder", "CallError",
                 "UnexpectedResponse", "BearerTokenAuthenticator", "Strategy", "MainActor", "print", "exit")
        bare = [m.group(0) for m in re.finditer(r"(?<![\w.\"])(%s)\b(?!:)" % "|".join(names), code)]
        self.assertEqual(bare, [])
        for own in ("Recorder", "Outcome", "Attempt", "Curl", "OutsideServer", "RecordingTransport"):
            self.assertNotRegex(code, r"(?m)^(struct|enum|final class|class) %s\b" % own, "nested in ContractDriver")


def contract_bin():
    """The build folder a driver is built with (strategy-gen, Modules/, StrategyKit.build/,
    HTTPTypes.build/): CONTRACT_BIN, as scripts/contract-run.sh reads it, else the package's debug
    build when it holds all of those (.ci/run builds it before this self-test); None without one."""
    if os.environ.get("CONTRACT_BIN"):
        return os.environ["CONTRACT_BIN"]
    folder = os.path.join(os.path.dirname(SCRIPTS), ".build", "debug")
    built = os.access(os.path.join(folder, "strategy-gen"), os.X_OK) \
        and os.path.exists(os.path.join(folder, "Modules", "StrategyKit.swiftmodule")) \
        and all(glob.glob(os.path.join(folder, "%s.build" % target, "*.o")) for target in ("StrategyKit", "HTTPTypes"))
    return folder if built else None


@unittest.skipUnless(contract_bin(), "no build of strategy-gen and the runtime: set CONTRACT_BIN to a build folder "
                     "(as scripts/contract-run.sh reads it) or build the package")
class DriverEndToEnd(OracleCase):
    """A driver built by scripts/contract-run.sh for a document whose schemas take the names of the
    types a driver uses, run against the oracle, with full samples added to its client by hand; then
    run again against an oracle that answers only the errors the document declares."""
    document = SHADOWING

    def test_the_driver_compiles_and_calls_each_sample(self):
        bin_folder = contract_bin()
        work = tempfile.mkdtemp()
        errors_oracle = None
        try:
            generated = os.path.join(work, "generated")
            subprocess.run([os.path.join(bin_folder, "strategy-gen"), "generate", self.document, "--output", generated],
                           check=True, capture_output=True)
            samples_file = os.path.join(generated, "shadowing.Samples.swift")
            with open(samples_file) as f:
                samples = f.read()
            samples = add_full_sample(samples, "GetData.Input",
                                      "    public static var fullSample: Self {\n        Self(id: \"d1\", at: \"now\")\n    }")
            samples = add_full_sample(samples, "Process",
                                      "    public static var fullSample: Self {\n        Self(name: \"full\", url: .sample)\n    }")
            # A full sample the document doesn't allow (the id's minimum is 1): the second call fails.
            samples = add_full_sample(samples, "PutTask.Input",
                                      "    public static var fullSample: Self {\n        Self(id: 0, body: .sample)\n    }")
            with open(samples_file, "w") as f:
                f.write(samples)
            driver = os.path.join(work, "driver")
            environment = dict(os.environ, CONTRACT_BIN=bin_folder)
            run = subprocess.run(["bash", os.path.join(SCRIPTS, "contract-run.sh"), self.document, "--base-url", self.url,
                                  "--generated", generated, "--keep-driver", driver],
                                 capture_output=True, text=True, timeout=900, env=environment)
            self.assertEqual(run.returncode, 0, run.stderr)
            errors_oracle, line, errors_log = start(self.document, "--errors-only")
            errors = subprocess.run(["bash", os.path.join(SCRIPTS, "contract-run.sh"), self.document, "--base-url",
                                     line.rsplit(" ", 1)[-1], "--driver", driver, "--errors-only"],
                                    capture_output=True, text=True, timeout=300)
        finally:
            if errors_oracle:
                errors_oracle.terminate()
                errors_oracle.wait(10)
                os.unlink(errors_log)
            import shutil
            shutil.rmtree(work)
        # The second call's failure is the operation's line, named after its sample (refused by the
        # oracle, or by the client should it check the minimum itself).
        full_sample_failed = r"PutTask PUT /tasks/\{id\} (597 invalid-request|- not-called): fullSample: .*"
        lines = run.stdout.splitlines()
        for operation in ("StartProcess POST /processes", "GetData GET /data/{id}", "AddURL POST /urls",
                          "ListCurls GET /curls", "GetServer GET /servers/{name}", "EchoNames POST /names"):
            self.assertTrue(any(re.fullmatch(re.escape(operation) + r" 20\d decoded", l) for l in lines), (operation, lines))
        self.assertTrue(any(re.fullmatch(full_sample_failed, l) for l in lines), lines)
        self.assertEqual(lines[-1], "total: 7 operations, 7 called, 6 decoded, 0 decode-failed, 0 not-called")
        entries = self.entries()
        self.assertEqual([len([e for e in entries if e["operation"] == op]) for op in ("POST /processes", "GET /data/{id}",
                                                                                      "POST /urls")], [2, 2, 1])
        data = [e for e in entries if e["operation"] == "GET /data/{id}"]
        self.assertEqual(data[1]["coverage"]["GET /data/{id}"]["parameters"], ["path id", "query at"])
        # The declared errors decode into the client's own Outcome and Attempt.
        self.assertEqual(errors.returncode, 0, errors.stderr)
        lines = errors.stdout.splitlines()
        self.assertIn("GetData GET /data/{id} 404 decoded", lines)
        self.assertTrue(any(re.fullmatch(r"ListCurls GET /curls [45]\d\d decoded", l) for l in lines), lines)
        self.assertTrue(any(re.fullmatch(full_sample_failed, l) for l in lines), lines)
        self.assertEqual(lines[-1], "total: 7 operations, 7 called, 6 decoded, 0 decode-failed, 0 not-called")


if __name__ == "__main__":
    unittest.main()
