import type { EngineDescription } from "./engine-entry.js";

/**
 * The folder engine as the registry names it: its variable, apart from its reader
 * (folder-engine.ts), which reads the disk and indexes with `node:sqlite`, so runs on Node only.
 */
export const folderDescription: EngineDescription = {
  engine: "folder",
  label: "a docs folder",
  variables: [
    {
      name: "SEARCH_DOCS_FOLDER_PATH",
      required: true,
      description:
        'the folder (.md, .mdx, .txt), its top-level folders the areas; or a docs site\'s URL, crawled (the --docs <folder|url> flag sets it); or several sources, each an area, as JSON: {"guides": "https://docs.example.com/guides", "api": "./api-docs"} (the --area name=<folder|url> flags set it)',
    },
  ],
  shared: [],
  callerNeeds: "nothing: a folder has no users",
  overFetch: false,
};
