import Foundation
import StrategyKit
import TestServer
import Testing

/// The client generated from `stripe.yaml`: form bodies and queries with nested keys, as
/// Stripe reads them.
@Suite struct StripeClientTests {
    static let customer = #"{"id": "cus_1", "email": "ada@example.com", "metadata": {"order_id": "6735"}, "created": 1700000000}"#

    let server: HTTPTestServer
    let stripe: StripeClient

    init() throws {
        server = try HTTPTestServer { request in
            switch (request.method, request.path) {
            case ("POST", "/v1/customers"), ("GET", "/v1/customers/cus_1"):
                return .json(Self.customer)
            case ("GET", "/v1/charges") where request.query("expand[]") == "data.customer":
                return .json(#"""
                {"data": [{"id": "ch_1", "amount": 100, "currency": "eur", "customer": \#(Self.customer)},
                          {"id": "ch_2", "amount": 200, "currency": "eur", "customer": "cus_2"},
                          {"id": "ch_3", "amount": 300, "currency": "eur"}], "has_more": false}
                """#)
            case ("GET", "/v1/charges"):
                return .json(#"{"data": [], "has_more": false}"#)
            case ("GET", "/v1/customers/cus_exempt"):
                return .json(#"{"id": "cus_exempt", "metadata": {}, "created": 1700000000, "tax_exempt": "none"}"#)
            case ("GET", "/v1/customers/cus_unset"):
                return .json(#"{"id": "cus_unset", "metadata": {}, "created": 1700000000, "tax_exempt": ""}"#)
            case ("POST", "/v1/invoices"):
                return .json(#"{"id": "in_1", "customer": "cus_1", "amount_due": 2500}"#)
            default:
                return .json(#"{"error": {"code": "resource_missing", "message": "No such resource"}}"#, status: 404)
            }
        }
        stripe = StripeClient.Builder(environment: .custom(server.server(basePath: "/v1")))
            .secretKey(BearerTokenAuthenticator.Token(accessToken: "sk_test_1"))
            .build()
    }

    /// The form body's fields, percent-decoding undone, in the order sent.
    func fields(_ request: RecordedRequest) -> [String] {
        String(decoding: request.body, as: UTF8.self).split(separator: "&").map { String($0).removingPercentEncoding ?? String($0) }
    }

    @Test func aCustomersAddressAndMetadataGoAsNestedFormKeys() async throws {
        let customer = try await stripe.createCustomer(
            email: "ada@example.com",
            address: Address(line1: "1 Main St", city: "London", postalCode: "N1 9GU"),
            metadata: ["order_id": "6735"],
            expand: ["tax"]
        )

        let request = try #require(server.requests.last)
        #expect(fields(request) == [
            "email=ada@example.com",
            "address[city]=London", "address[line1]=1 Main St", "address[postal_code]=N1 9GU",
            "metadata[order_id]=6735",
            "expand[]=tax",
        ])
        #expect(customer.metadata == ["order_id": "6735"])
    }

    @Test func invoiceLinesAreNumberedWithTheirNestedPriceData() async throws {
        let line = InvoiceItemLine(priceData: PriceData(currency: "eur", unitAmount: 1250, product: "prod_1"), quantity: 2)
        let invoice = try await stripe.createInvoice(customer: "cus_1", lines: [line, InvoiceItemLine(priceData: PriceData(currency: "eur", unitAmount: 5, product: "prod_2"))])

        let request = try #require(server.requests.last)
        #expect(fields(request) == [
            "customer=cus_1",
            "lines[0][price_data][currency]=eur", "lines[0][price_data][product]=prod_1", "lines[0][price_data][unit_amount]=1250",
            "lines[0][quantity]=2",
            "lines[1][price_data][currency]=eur", "lines[1][price_data][product]=prod_2", "lines[1][price_data][unit_amount]=5",
        ])
        #expect(invoice.amountDue == 2500)
    }

    @Test func anExpandableCustomerIsItsIDOrTheCustomerItself() async throws {
        let charges = try await stripe.listCharges(expand: ["data.customer"])

        guard case .customer(let customer)? = charges.data[0].customer, case .string(let id)? = charges.data[1].customer else {
            Issue.record("expected an expanded customer and a customer id, got \(charges.data.map(\.customer))")
            return
        }
        #expect(customer.email == "ada@example.com" && customer.metadata == ["order_id": "6735"])
        #expect(id == "cus_2")
        #expect(charges.data[2].customer == nil)
    }

    @Test func taxExemptNoneAndTheEmptyValueReadAsTheirOwnCases() async throws {
        let exempt = try await stripe.retrieveCustomer(customer: "cus_exempt")
        let unset = try await stripe.retrieveCustomer(customer: "cus_unset")

        #expect(exempt.taxExempt == .noneValue && exempt.taxExempt != nil)
        #expect(unset.taxExempt == .empty && unset.taxExempt?.rawValue == "")
    }

    @Test func aMapInTheQueryFiltersByNestedKeys() async throws {
        _ = try await stripe.listCharges(customer: "cus_1", created: ["gte": 1_700_000_000, "lt": 1_800_000_000])

        let request = try #require(server.requests.last)
        #expect(request.queryItems.map { "\($0.name)=\($0.value ?? "")" } == ["customer=cus_1", "created[gte]=1700000000", "created[lt]=1800000000"])
    }
}

/// Stripe's file uploads go to a host of their own, which is still Stripe's: it gets the key.
@Suite struct StripeFilesTests {
    @Test func aFileGoesToTheFilesHostWithTheSecretKey() async throws {
        let api = try HTTPTestServer { _ in .json(#"{"error": {"code": "resource_missing", "message": "No such route"}}"#, status: 404) }
        let files = try HTTPTestServer { request in
            guard request.method == "POST", request.path == "/v1/files" else { return CannedResponse(status: 404) }
            return .json(#"{"id": "file_1", "purpose": "dispute_evidence", "size": 4, "filename": "receipt.pdf"}"#)
        }
        let stripe = StripeClient.Builder(environment: .custom(api.server(basePath: "/v1")))
            .replacing(Server(host: "files.stripe.com", basePath: "/v1"), with: files.server(basePath: "/v1"))
            .secretKey(BearerTokenAuthenticator.Token(accessToken: "sk_test_1"))
            .build()

        let file = try await stripe.createFile(file: RequestBody.File(filename: "receipt.pdf", contentType: "application/pdf", data: Data("%PDF".utf8)), purpose: "dispute_evidence")

        #expect(file.id == "file_1")
        #expect(api.requests.isEmpty)
        let request = try #require(files.requests.last)
        #expect(request.header("Authorization") == "Bearer sk_test_1")
    }
}

/// Stripe's lists page by the last item's id while `has_more` is true.
@Suite struct StripePagingTests {
    @Test func chargesComeAfterTheLastOnesIDUntilHasMoreIsFalse() async throws {
        let server = try HTTPTestServer { request in
            let after = request.query("starting_after")
            let (ids, more) = switch after {
            case nil: (["ch_1", "ch_2"], true)
            case "ch_2"?: (["ch_3"], false)
            default: ([String](), false)
            }
            let data = ids.map { #"{"id": "\#($0)", "amount": 100, "currency": "eur"}"# }.joined(separator: ",")
            return .json(#"{"object": "list", "data": [\#(data)], "has_more": \#(more)}"#)
        }
        let stripe = StripeClient.Builder(environment: .custom(server.server(basePath: "/v1")))
            .secretKey(BearerTokenAuthenticator.Token(accessToken: "sk_test_1"))
            .build()

        var ids: [String] = []
        for try await charge in stripe.listChargesPages(customer: "cus_1", limit: 2).items {
            ids.append(charge.id)
        }

        #expect(ids == ["ch_1", "ch_2", "ch_3"])
        #expect(server.requests.map { $0.query("starting_after") } == [nil, "ch_2"])
        #expect(server.requests.allSatisfy { $0.query("customer") == "cus_1" && $0.header("Authorization") == "Bearer sk_test_1" })
    }
}

/// A model in the query goes by its fields' wire names, nested as deep as it is.
@Suite struct StripeQueryObjectTests {
    @Test func customerDetailsGoAsNestedQueryKeys() async throws {
        let server = try HTTPTestServer { _ in .json(#"{"id": "upcoming_in_1", "customer": "", "amount_due": 1200}"#) }
        let stripe = StripeClient.Builder(environment: .custom(server.server(basePath: "/v1"))).secretKey(BearerTokenAuthenticator.Token(accessToken: "sk_test_1")).build()

        let details = CustomerDetails(address: Address(line1: "1 Main St", country: "GB"), taxExempt: .noneValue)
        let invoice = try await stripe.retrieveUpcomingInvoice(customerDetails: details)

        let request = try #require(server.requests.last)
        #expect(request.path == "/v1/invoices/upcoming")
        #expect(request.queryItems.map { "\($0.name)=\($0.value ?? "")" } == [
            "customer_details[address][country]=GB", "customer_details[address][line1]=1 Main St", "customer_details[tax_exempt]=none",
        ])
        #expect(invoice.amountDue == 1200)
    }
}
