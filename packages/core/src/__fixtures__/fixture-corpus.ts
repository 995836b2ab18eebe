import type { CorpusDocument } from "../testing/index.js";

const section = (heading: string, text: string) => ({ heading, text });

/**
 * A small corpus with known answers, for the client's tests. "rotate" fills the bodies of many
 * documents whose titles say nothing about it; the key rotation runbook's body barely uses it, so
 * the fake backend ranks it far down (the seed's "best answer on page three").
 */
export function fixtureCorpus(): CorpusDocument[] {
  const noise: CorpusDocument[] = Array.from({ length: 26 }, (_, index) => ({
    id: `noise${String(index).padStart(2, "0")}aaaaaaaaaaaaaaaaaaaaa`,
    area: "runbooks",
    slug: `noise-${index}`,
    title: `Weekly maintenance note ${index}`,
    updated: "2024-01-01",
    sections: [
      section(
        "Summary",
        `Log shipper ${index}: rotate the service account key of the shipper, then rotate the service account key of its sidecar. Key, account and service names are in the inventory.`,
      ),
      section("Details", `Rotate caches on node ${index}. Rotate again after the window.`),
    ],
  }));
  return [
    {
      id: "keyrotationaaaaaaaaaaaaaaaa",
      area: "runbooks",
      slug: "key-rotation",
      title: "Service account key rotation",
      updated: "2025-03-02",
      sections: [
        section("Overview", "Service account credentials expire every 90 days."),
        section("Before you start", "Check that you hold the owner role on the project."),
        section(
          "Steps",
          "Create a new service account key, rotate it into the secret store, then delete the old key.",
        ),
      ],
    },
    ...noise,
    {
      id: "handbookaaaaaaaaaaaaaaaaaa",
      area: "policies",
      slug: "access-policy",
      title: "Access policy",
      updated: "2026-02-10",
      sections: [
        section("Scope", "Who may hold production access and how it is reviewed."),
        section("Keys", "Personal access keys must rotate every 90 days."),
      ],
    },
    {
      id: "invoicesapiaaaaaaaaaaaaaaa",
      area: "api-reference",
      slug: "create-invoice",
      title: "POST /v1/invoices",
      updated: "2025-11-30",
      sections: [
        section("Request", "Send an idempotency key header with every invoice request."),
        section("Errors", "A 429 answer carries Retry-After; wait before you send again."),
      ],
    },
    {
      id: "firstdayaaaaaaaaaaaaaaaaaa",
      area: "onboarding",
      slug: "first-day",
      title: "Your first day",
      updated: "2026-09-01",
      sections: [
        section("Laptop", "Your laptop arrives with the VPN client installed."),
        section("Accounts", "Ask your buddy for repository access on day one."),
      ],
    },
  ];
}
