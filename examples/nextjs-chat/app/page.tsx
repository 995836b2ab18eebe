import { cookies } from "next/headers";
import { Chat } from "../components/chat";
import { SignIn } from "../components/sign-in";
import { chatModel } from "../lib/chat-model";
import { type DocsBackend, docsBackend } from "../lib/docs-backend";
import { signOut } from "../lib/session-actions";
import { sessionCookieName } from "../lib/session-cookie";

export default async function Page() {
  const signedIn = (await cookies()).has(sessionCookieName);
  const model = await chatModel();
  let backend: DocsBackend;
  try {
    backend = await docsBackend();
  } catch (error) {
    return (
      <main>
        <h1>Docs chat</h1>
        <p role="alert" className="error">
          {(error as Error).message}
        </p>
      </main>
    );
  }
  return (
    <main>
      <header>
        <h1>Docs chat</h1>
        <p className="setup">
          Model: {model.description}. Docs: {backend.description}.
        </p>
        {signedIn && (
          <form action={signOut}>
            <button type="submit" className="link">
              Sign out
            </button>
          </form>
        )}
      </header>
      {signedIn ? <Chat /> : <SignIn demoTokens={backend.demoTokens} />}
    </main>
  );
}
