import { describe, expect, it } from "vitest";
import { signAwsRequest } from "./aws-signature-v4.js";

// AWS's published Signature Version 4 test suite, as awslabs/aws-c-auth keeps it
// (tests/aws-signing-test-suite/v4/<case>/{request.txt,context.json,header-canonical-request.txt,
// header-signature.txt}; the suite is described at docs.aws.amazon.com/general/latest/gr/
// signature-v4-test-suite.html). Every case: credentials AKIDEXAMPLE /
// wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY, region us-east-1, service "service",
// 2015-08-30T12:36:00Z. The requests, canonical requests and signatures below are read from
// those files; the case's `sign_body` is `signBody`.

const context = {
  credentials: {
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
  },
  region: "us-east-1",
  service: "service",
  now: new Date("2015-08-30T12:36:00Z"),
};
const host = ["Host", "example.amazonaws.com"] as const;
const emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const dateLine = "x-amz-date:20150830T123600Z";

interface SuiteCase {
  name: string;
  method: string;
  path: string;
  query?: string;
  headers?: [string, string][];
  body?: string;
  sessionToken?: string;
  signBody?: boolean;
  canonicalRequest: string;
  signature: string;
}

const cases: SuiteCase[] = [
  {
    name: "get-vanilla",
    method: "GET",
    path: "/",
    canonicalRequest: `GET\n/\n\nhost:example.amazonaws.com\n${dateLine}\n\nhost;x-amz-date\n${emptyHash}`,
    signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
  },
  {
    name: "get-vanilla-query-order-key-case",
    method: "GET",
    path: "/",
    query: "Param2=value2&Param1=value1",
    canonicalRequest: `GET\n/\nParam1=value1&Param2=value2\nhost:example.amazonaws.com\n${dateLine}\n\nhost;x-amz-date\n${emptyHash}`,
    signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500",
  },
  {
    name: "post-vanilla-query",
    method: "POST",
    path: "/",
    query: "Param1=value1",
    canonicalRequest: `POST\n/\nParam1=value1\nhost:example.amazonaws.com\n${dateLine}\n\nhost;x-amz-date\n${emptyHash}`,
    signature: "28038455d6de14eafc1f9222cf5aa6f1a96197d7deb8263271d420d138af7f11",
  },
  {
    name: "get-header-key-duplicate",
    method: "GET",
    path: "/",
    headers: [
      ["My-Header1", "value2"],
      ["My-Header1", "value2"],
      ["My-Header1", "value1"],
    ],
    canonicalRequest: `GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value2,value2,value1\n${dateLine}\n\nhost;my-header1;x-amz-date\n${emptyHash}`,
    signature: "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea",
  },
  {
    name: "get-header-value-trim",
    method: "GET",
    path: "/",
    headers: [
      ["My-Header1", " value1"],
      ["My-Header2", ' "a   b   c"'],
    ],
    canonicalRequest: `GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value1\nmy-header2:"a b c"\n${dateLine}\n\nhost;my-header1;my-header2;x-amz-date\n${emptyHash}`,
    signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736",
  },
  {
    name: "get-header-value-multiline",
    method: "GET",
    path: "/",
    headers: [["My-Header1", "value1\n  value2\n     value3"]],
    canonicalRequest: `GET\n/\n\nhost:example.amazonaws.com\nmy-header1:value1 value2 value3\n${dateLine}\n\nhost;my-header1;x-amz-date\n${emptyHash}`,
    signature: "cfd34249e4b1c8d6b91ef74165d41a32e5fab3306300901bb65a51a73575eefd",
  },
  {
    name: "get-utf8",
    method: "GET",
    path: "/\u1234",
    canonicalRequest: `GET\n/%E1%88%B4\n\nhost:example.amazonaws.com\n${dateLine}\n\nhost;x-amz-date\n${emptyHash}`,
    signature: "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85",
  },
  {
    name: "get-vanilla-utf8-query",
    method: "GET",
    path: "/",
    query: "\u1234=bar",
    canonicalRequest: `GET\n/\n%E1%88%B4=bar\nhost:example.amazonaws.com\n${dateLine}\n\nhost;x-amz-date\n${emptyHash}`,
    signature: "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04",
  },
  {
    name: "get-space-normalized",
    method: "GET",
    path: "/example space/",
    canonicalRequest: `GET\n/example%20space/\n\nhost:example.amazonaws.com\n${dateLine}\n\nhost;x-amz-date\n${emptyHash}`,
    signature: "652487583200325589f1fba4c7e578f72c47cb61beeca81406b39ddec1366741",
  },
  {
    name: "get-slashes-normalized",
    method: "GET",
    path: "//example//",
    canonicalRequest: `GET\n/example/\n\nhost:example.amazonaws.com\n${dateLine}\n\nhost;x-amz-date\n${emptyHash}`,
    signature: "9a624bd73a37c9a373b5312afbebe7a714a789de108f0bdfe846570885f57e84",
  },
  {
    name: "get-slash-dot-slash-normalized",
    method: "GET",
    path: "/./",
    canonicalRequest: `GET\n/\n\nhost:example.amazonaws.com\n${dateLine}\n\nhost;x-amz-date\n${emptyHash}`,
    signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
  },
  {
    name: "get-unreserved",
    method: "GET",
    path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    canonicalRequest: `GET\n/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\n\nhost:example.amazonaws.com\n${dateLine}\n\nhost;x-amz-date\n${emptyHash}`,
    signature: "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f",
  },
  {
    name: "get-vanilla-with-session-token",
    method: "GET",
    path: "/",
    sessionToken: "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267",
    canonicalRequest: `GET\n/\n\nhost:example.amazonaws.com\n${dateLine}\nx-amz-security-token:6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267\n\nhost;x-amz-date;x-amz-security-token\n${emptyHash}`,
    signature: "07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8",
  },
  {
    name: "post-x-www-form-urlencoded",
    method: "POST",
    path: "/",
    headers: [
      ["Content-Type", "application/x-www-form-urlencoded"],
      ["Content-Length", "13"],
    ],
    body: "Param1=value1",
    signBody: true,
    canonicalRequest:
      "POST\n/\n\ncontent-length:13\ncontent-type:application/x-www-form-urlencoded\nhost:example.amazonaws.com\n" +
      "x-amz-content-sha256:9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e\n" +
      `${dateLine}\n\ncontent-length;content-type;host;x-amz-content-sha256;x-amz-date\n` +
      "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
    signature: "d3875051da38690788ef43de4db0d8f280229d82040bfac253562e56c3f20e0b",
  },
];

describe("signAwsRequest: AWS's Signature Version 4 test suite", () => {
  for (const suiteCase of cases) {
    it(suiteCase.name, async () => {
      const signed = await signAwsRequest(
        {
          method: suiteCase.method,
          path: suiteCase.path,
          query: suiteCase.query ?? "",
          headers: [host, ...(suiteCase.headers ?? [])],
          body: suiteCase.body,
        },
        {
          ...context,
          credentials: { ...context.credentials, sessionToken: suiteCase.sessionToken },
          signBody: suiteCase.signBody ?? false,
        },
      );
      expect(signed.canonicalRequest).toBe(suiteCase.canonicalRequest);
      expect(signed.signature).toBe(suiteCase.signature);
      expect(Object.fromEntries(signed.headers).authorization).toBe(
        `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ` +
          `SignedHeaders=${suiteCase.canonicalRequest.split("\n").at(-2)}, Signature=${suiteCase.signature}`,
      );
    });
  }
});
