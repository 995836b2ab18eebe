import { afterAll, beforeAll, expect, it } from "vitest";
import {
  describeWithPostgres,
  startTestDatabase,
  type TestDatabase,
} from "../__fixtures__/postgres-for-tests.js";
import { InvalidInputError } from "../errors/invalid-input-error.js";
import { loadSections, sectionsOfDocument } from "./load-sections.js";

describeWithPostgres("loadSections", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const rows = async () =>
    (
      await database.admin.query(
        "select document_id, section, heading, body, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') as updated from search_docs_sections order by document_id, section",
      )
    ).rows;

  it("writes a document's sections; loading it again replaces them, a lost section included", async () => {
    const document = {
      id: "key-rotation",
      area: "runbooks",
      slug: "key-rotation",
      title: "Key rotation",
      updated: "2026-05-04",
      sections: [
        { heading: "Overview", text: "Keys sign tokens." },
        { heading: "Rotate", text: "Make a new key; it's quoted 'like this' and \\ slashed." },
        { heading: "Roll back", text: "Restore the old key." },
      ],
    };
    expect(await loadSections(database.admin, sectionsOfDocument(document))).toBe(3);
    expect(await rows()).toEqual([
      {
        document_id: "key-rotation",
        section: 1,
        heading: "Overview",
        body: "Keys sign tokens.",
        updated: "2026-05-04",
      },
      {
        document_id: "key-rotation",
        section: 2,
        heading: "Rotate",
        body: document.sections[1]?.text,
        updated: "2026-05-04",
      },
      {
        document_id: "key-rotation",
        section: 3,
        heading: "Roll back",
        body: "Restore the old key.",
        updated: "2026-05-04",
      },
    ]);
    await loadSections(
      database.admin,
      sectionsOfDocument({
        ...document,
        sections: document.sections.slice(0, 2),
        updated: "2026-06-01",
      }),
    );
    expect((await rows()).map((row) => [row.section, row.updated])).toEqual([
      [1, "2026-06-01"],
      [2, "2026-06-01"],
    ]);
  });

  it("refuses a record without a document id or with section 0, writing nothing", async () => {
    const before = await rows();
    await expect(
      loadSections(database.admin, [
        {
          collectionId: "runbooks",
          documentId: "x",
          section: 0,
          title: "X",
          heading: "",
          body: "",
        },
      ]),
    ).rejects.toSatisfy(InvalidInputError.isInstance);
    expect(await rows()).toEqual(before);
  });
});
