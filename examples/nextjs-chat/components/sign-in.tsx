import { signIn } from "../lib/session-actions";

/** Stands in for your app's login: the chat searches as whoever signs in here. */
export function SignIn({
  demoTokens,
}: {
  demoTokens: Readonly<Record<string, string>> | undefined;
}) {
  return (
    <section className="sign-in">
      <h2>Sign in</h2>
      <p>
        The assistant searches the docs with your credentials, so it only finds what you may read.
      </p>
      <form action={signIn}>
        <label>
          Docs token <input name="token" type="password" autoComplete="off" required />
        </label>
        <button type="submit">Sign in</button>
      </form>
      {demoTokens && (
        <form action={signIn} className="demo-users">
          <p>Or try a user of the embedded fake service:</p>
          {Object.entries(demoTokens).map(([role, token]) => (
            <button key={role} type="submit" name="token" value={token}>
              {role}
            </button>
          ))}
        </form>
      )}
    </section>
  );
}
