import { ConfigurationError } from "../errors/configuration-error.js";

/** A ConfigurationError naming the backend and the option at fault (never the option's value). */
export function refuseOption(backend: string, option: string, message: string): never {
  throw new ConfigurationError({ option, message: `${backend}: ${message}.` });
}

/** An http(s) origin and path with no credentials, query or fragment: where requests go. */
export function hostedBaseUrl(
  backend: string,
  option: string,
  url: unknown,
): { origin: string; pathname: string } {
  if (typeof url !== "string" || !URL.canParse(url)) {
    refuseOption(backend, option, `${option} must be an http(s) URL`);
  }
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    refuseOption(backend, option, `${option} must be an http(s) URL`);
  }
  // A user:password in the URL would be one credential for every user, kept for the process's life.
  if (parsed.username !== "" || parsed.password !== "") {
    refuseOption(backend, option, `${option} must not carry credentials`);
  }
  if (parsed.search !== "" || parsed.hash !== "") {
    refuseOption(backend, option, `${option} must not have a query or a fragment`);
  }
  return { origin: parsed.origin, pathname: parsed.pathname.replace(/\/+$/, "") };
}

/** A credential's lifetime in whole seconds, within sane bounds. */
export function lifetimeOption(
  backend: string,
  value: number | undefined,
  fallback: number,
): number {
  const seconds = value ?? fallback;
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 86_400) {
    refuseOption(
      backend,
      "mint.lifetimeSeconds",
      "mint.lifetimeSeconds must be a whole number from 10 to 86400",
    );
  }
  return seconds;
}

/** The parent key, checked present without ever saying it. */
export function parentKeyOption(backend: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "" || /[\r\n]/.test(value)) {
    refuseOption(
      backend,
      "mint.parentKey",
      "mint.parentKey must be a non-empty string on one line",
    );
  }
  return value;
}
