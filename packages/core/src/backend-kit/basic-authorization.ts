import { ConfigurationError } from "../errors/configuration-error.js";

export interface BasicCredentials {
  username: string;
  password: string;
}

/**
 * `Authorization: Basic` (RFC 7617): base64 of `username:password` in UTF-8. A username with a
 * colon cannot be told apart from its password, and a line break would split the header; both are
 * refused, naming the field, never the value.
 */
export function basicAuthorization({ username, password }: BasicCredentials): string {
  if (typeof username !== "string" || username === "" || /[:\p{Cc}]/u.test(username)) {
    throw new ConfigurationError({
      option: "auth.username",
      message: "Basic auth: the username must be non-empty, without a colon or control characters.",
    });
  }
  if (typeof password !== "string" || /\p{Cc}/u.test(password)) {
    throw new ConfigurationError({
      option: "auth.password",
      message: "Basic auth: the password must be a string without control characters.",
    });
  }
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}
