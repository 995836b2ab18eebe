/** One document of the backend contract's corpus: load it into your engine as you would your own. */
export interface ContractDocument {
  /** Stable name ("key-rotation"): the documentId unless the fixture maps it to another. */
  key: string;
  title: string;
  slug: string;
  /** Date of the last change, `YYYY-MM-DD`. */
  updated: string;
  /** In order; a section's number is its 1-based position. */
  sections: readonly { heading: string; body: string }[];
}

/** A word in exactly one section of one document (and in no title or heading). */
export const contractUniqueWord = "heliograph";
export const contractUniqueDocumentKey = "status-page";
/** A word in many sections of several documents: more than one small page. */
export const contractCommonWord = "incident";
/** Words in no document, title or heading. */
export const contractAbsentQuery = "quokka xylophone";
/** The document whose sections the contract reads back (four sections). */
export const contractReadDocumentKey = "key-rotation";

// Written for the contract, about an imaginary operations team. The checks depend on the words
// above: "heliograph" appears once, "incident" in at least eight sections, "quokka" and
// "xylophone" nowhere. Change the text only with those facts in mind.
const documents: readonly ContractDocument[] = [
  {
    key: "key-rotation",
    title: "Rotating API signing keys",
    slug: "rotating-api-signing-keys",
    updated: "2026-05-04",
    sections: [
      {
        heading: "Why keys are rotated",
        body: "Signing keys age out every ninety days so that a leaked key stops working on its own. Rotation also proves the runbook still works before anyone needs it in a hurry.",
      },
      {
        heading: "Before you start",
        body: "Check that both key slots in the vault are healthy and that the previous rotation finished. Announce the window in the platform channel one day ahead.",
      },
      {
        heading: "Rotate the key",
        body: "Generate the new key in the spare slot, publish its public half to the verification service, then switch signing to the new slot. Old tokens stay valid until they expire.",
      },
      {
        heading: "Roll back",
        body: "If verification errors climb after the switch, move signing back to the previous slot. The old key is kept for fourteen days for exactly this reason.",
      },
    ],
  },
  {
    key: "incident-response",
    title: "Incident response checklist",
    slug: "incident-response-checklist",
    updated: "2026-03-18",
    sections: [
      {
        heading: "Declare",
        body: "Anyone may declare an incident. Open a ticket, pick a severity from the table, and page the commander on duty if the severity is two or higher.",
      },
      {
        heading: "Roles",
        body: "Every incident has a commander who decides, a scribe who keeps the timeline, and a liaison who talks to customers. One person never holds two roles.",
      },
      {
        heading: "Close and review",
        body: "Close the incident once the impact has ended for an hour. Schedule a blameless review within five working days and file the follow-up tasks it finds.",
      },
    ],
  },
  {
    key: "on-call-handbook",
    title: "On-call handbook",
    slug: "on-call-handbook",
    updated: "2026-01-09",
    sections: [
      {
        heading: "Shifts",
        body: "Shifts run one week, Monday to Monday, with a primary and a secondary. Swap shifts in the scheduler, never by private message.",
      },
      {
        heading: "When you are paged",
        body: "Acknowledge within five minutes. If the alert points at a real incident, follow the incident checklist; if it is noise, silence it and file a ticket against the alert.",
      },
      {
        heading: "Handing over",
        body: "At the end of a shift write a short handover: open incident tickets, alerts that fired often, and anything the next person should watch.",
      },
    ],
  },
  {
    key: "backup-restore",
    title: "Restoring a database backup",
    slug: "restoring-a-database-backup",
    updated: "2025-11-27",
    sections: [
      {
        heading: "Pick a snapshot",
        body: "Snapshots are taken every six hours and kept for thirty days. Choose the newest one taken before the data went wrong, and note its timestamp.",
      },
      {
        heading: "Restore to a scratch instance",
        body: "Never restore over the live database. Restore into a scratch instance, compare row counts with the live tables, and copy back only what was lost.",
      },
    ],
  },
  {
    key: "deploy-freeze",
    title: "Deploy freezes and exceptions",
    slug: "deploy-freezes-and-exceptions",
    updated: "2026-02-02",
    sections: [
      {
        heading: "When freezes apply",
        body: "Production deploys stop during the last week of each quarter and over public holidays. Configuration changes count as deploys.",
      },
      {
        heading: "Asking for an exception",
        body: "A fix for an active incident may ship during a freeze with the approval of the incident commander and one release manager, recorded on the ticket.",
      },
      {
        heading: "After the freeze",
        body: "Queued changes ship in small batches on the first day after a freeze, smallest risk first, with a pause between batches to watch the dashboards.",
      },
    ],
  },
  {
    key: "access-reviews",
    title: "Quarterly access reviews",
    slug: "quarterly-access-reviews",
    updated: "2026-04-21",
    sections: [
      {
        heading: "Scope",
        body: "Every group that grants production access is reviewed each quarter by the manager who owns it. Service accounts are reviewed by the team that runs the service.",
      },
      {
        heading: "Removing access",
        body: "Access nobody can justify is removed on the day of the review. People who need it again ask through the normal request form.",
      },
    ],
  },
  {
    key: "status-page",
    title: "Updating the public status page",
    slug: "updating-the-public-status-page",
    updated: "2026-05-11",
    sections: [
      {
        heading: "Who posts",
        body: "The liaison of an incident posts to the status page; nobody else does. Post the first update within fifteen minutes of declaring the incident.",
      },
      {
        heading: "Posting an update",
        body: "Updates are written in the heliograph console, which publishes to the status page and to the subscriber mailing list at once. Keep each update to three sentences.",
      },
      {
        heading: "Resolving",
        body: "Mark the incident resolved only after the commander agrees. Leave the final update up for a week so customers who were away can read it.",
      },
    ],
  },
  {
    key: "cost-alerts",
    title: "Cloud cost alerts",
    slug: "cloud-cost-alerts",
    updated: "2025-12-15",
    sections: [
      {
        heading: "Budgets",
        body: "Each team has a monthly cloud budget. An alert fires at eighty percent of the budget and again at one hundred percent.",
      },
      {
        heading: "Investigating a spike",
        body: "Start with the cost explorer grouped by service, then by tag. Untagged resources are the usual cause; tag them or delete them.",
      },
      {
        heading: "Who pays",
        body: "Shared clusters are split by the share of requests each team sends. Disputes go to the platform lead, whose decision holds for the quarter.",
      },
    ],
  },
];

// Frozen all the way down: a setup that mutated them would change the corpus of every later check.
for (const document of documents) {
  for (const section of document.sections) Object.freeze(section);
  Object.freeze(document.sections);
  Object.freeze(document);
}
Object.freeze(documents);

/** The contract's corpus: eight documents of two to four sections, the same on every call. */
export function contractDocuments(): readonly ContractDocument[] {
  return documents;
}
