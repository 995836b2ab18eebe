/**
 * The cookie the example's sign-in sets. It holds the user's docs token itself, as a stand-in for
 * your app's session: in your app, resolve your own session to the user's docs credentials in
 * `callerFromRequest` instead.
 */
export const sessionCookieName = "search_docs_session";
