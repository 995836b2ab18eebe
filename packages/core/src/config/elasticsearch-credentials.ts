import { awsCredentialsFromEnvironment } from "../backend-kit/aws-credentials-from-environment.js";
import type { Caller } from "../contract/caller.js";
import {
  basicCaller,
  type ElasticsearchAwsSigning,
  signedProcessCaller,
} from "../elasticsearch/elasticsearch-auth.js";
import { refuse } from "./config-checks.js";
import type { CallerMode, ReadValue } from "./engine-entry.js";

// Who a configured Elasticsearch or OpenSearch process is to the cluster. One user (a CLI, an
// MCP server on the user's machine): an API key, a bearer token, a username and password (Basic),
// or AWS SigV4 with the standard AWS variables: exactly one. A server of many users: each request
// brings its user's credential, so none is read here, and signing with the process's own AWS
// credentials is refused (it would give every user the process's one scope).

/** The cluster's credential for one user, and the variable that names it for messages. */
export interface ClusterCredential {
  caller?: Caller;
  credential?: string;
  aws?: ElasticsearchAwsSigning;
}

export function clusterCredential(
  value: ReadValue,
  prefix: string,
  mode: CallerMode,
): ClusterCredential {
  const awsName = `${prefix}_AWS_SERVICE`;
  const service = value(awsName);
  if (service !== "" && service !== "es" && service !== "aoss") {
    refuse(
      awsName,
      `${awsName} must be es (Amazon OpenSearch Service) or aoss (OpenSearch Serverless)`,
    );
  }
  if (mode === "per-request") {
    if (service !== "") {
      refuse(
        awsName,
        `${awsName} signs with the process's own AWS credentials, one scope for every user of a server: sign per caller in code (docs/elasticsearch.md), or run one user's process`,
      );
    }
    return {};
  }
  const set = oneUserCredentials(value, prefix);
  if (set.length > 1 || (service !== "" && set.length > 0)) {
    const names = [...set.map(({ name }) => name), ...(service === "" ? [] : [awsName])];
    refuse(names[1] as string, `${names.join(" and ")} are both set; set one credential`);
  }
  if (service !== "") return awsSigning(value, service);
  const [chosen] = set;
  if (chosen === undefined) {
    const keyName = value.setAs(`${prefix}_API_KEY`);
    return refuse(
      keyName,
      `${keyName} (an API key, sent as ApiKey), SEARCH_DOCS_TOKEN (sent as Bearer), ${prefix}_USERNAME and ${prefix}_PASSWORD (Basic) or ${awsName} (AWS SigV4) is not set`,
    );
  }
  return { caller: chosen.caller(), credential: chosen.name };
}

function oneUserCredentials(value: ReadValue, prefix: string) {
  const keyName = value.setAs(`${prefix}_API_KEY`);
  const apiKey = value(`${prefix}_API_KEY`);
  const token = value("SEARCH_DOCS_TOKEN");
  const username = value(`${prefix}_USERNAME`);
  const password = value(`${prefix}_PASSWORD`);
  if ((username === "") !== (password === "")) {
    const missing = username === "" ? `${prefix}_USERNAME` : `${prefix}_PASSWORD`;
    refuse(missing, `${missing} is not set, though its pair is: Basic needs both`);
  }
  const found: { name: string; caller: () => Caller }[] = [];
  if (apiKey !== "") {
    found.push({
      name: keyName,
      caller: () => ({ headers: { authorization: `ApiKey ${apiKey}` } }),
    });
  }
  if (token !== "") found.push({ name: "SEARCH_DOCS_TOKEN", caller: () => ({ token }) });
  if (username !== "") {
    const name = `${prefix}_USERNAME`;
    found.push({
      name,
      caller: () => {
        try {
          return basicCaller({ username, password });
        } catch {
          // basicAuthorization names its fields; say the variables instead, never their values.
          return refuse(name, `${name} may not hold a colon, nor either variable a line break`);
        }
      },
    });
  }
  return found;
}

function awsSigning(value: ReadValue, service: "es" | "aoss"): ClusterCredential {
  const found = awsCredentialsFromEnvironment(value.environment);
  if (found === undefined) {
    refuse(
      "AWS_ACCESS_KEY_ID",
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set (AWS SigV4 signs with them; AWS_SESSION_TOKEN too for temporary credentials)",
    );
  }
  if (found.region === undefined) {
    refuse(
      "AWS_REGION",
      "AWS_REGION (or AWS_DEFAULT_REGION) is not set: the region signs each request",
    );
  }
  return {
    caller: signedProcessCaller,
    credential: "AWS_ACCESS_KEY_ID",
    aws: { service, region: found.region, credentials: found.credentials },
  };
}
