"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { sessionCookieName } from "./session-cookie";

/** The example's sign-in: keeps the docs token in an httpOnly cookie that only the server reads. */
export async function signIn(form: FormData): Promise<void> {
  const token = String(form.get("token") ?? "").trim();
  if (token !== "") {
    const origin = (await headers()).get("origin") ?? "";
    (await cookies()).set(sessionCookieName, token, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: origin.startsWith("https:"),
    });
  }
  redirect("/");
}

export async function signOut(): Promise<void> {
  (await cookies()).delete(sessionCookieName);
  redirect("/");
}
