/** What the upstream itself says about a user, turned into the portal's access context (for tests). */
import { testFetch } from "./fetch";
import { AccessTokenClaims, type Config } from "@contract";
import { accessContextFrom } from "../../app/access/context";

export async function upstreamAccess(upstreamUrl: string, email: string, password = "Demo-Passw0rd!") {
  const login = await testFetch(`${upstreamUrl}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`upstream login for ${email}: ${login.status}`);
  const { access_token } = (await login.json()) as { access_token: string };
  const claims = AccessTokenClaims.parse(JSON.parse(Buffer.from(access_token.split(".")[1]!, "base64url").toString()));
  const get = async (p: string): Promise<any> => (await testFetch(`${claims.iss}/api/v2/${p}`, { headers: { authorization: `Bearer ${access_token}` } })).json();
  /** A change as this user (PATCH goes as POST with the method override, as the portal sends it). */
  const send = async (method: "POST" | "PATCH" | "DELETE", p: string, body: unknown = {}): Promise<{ status: number; json: any }> => {
    const res = await testFetch(`${claims.iss}/api/v2/${p}`, {
      method: method === "PATCH" ? "POST" : method,
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json", ...(method === "PATCH" ? { "x-http-method-override": "PATCH" } : {}) },
      body: method === "DELETE" ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
  /** A file as this user (multipart, part `file`). */
  const upload = async (p: string, name: string, data: Buffer, type: string): Promise<{ status: number; json: any }> => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(data)], { type }), name);
    const res = await testFetch(`${claims.iss}/api/v2/${p}`, { method: "POST", headers: { authorization: `Bearer ${access_token}` }, body: form });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
  const [config, clients] = (await Promise.all([get("config"), get("clients")])) as [Config, { id: string; name: string }[]];
  return { ctx: accessContextFrom(claims, config, clients.length), config, claims, clients, get, send, upload };
}

/** Every way of writing a path that Remix still routes to the same module (case-insensitive, percent-decoded, trailing slash). */
export function pathVariants(p: string): Record<string, string> {
  const mixed = p.replace(/[a-z]/gi, (c, i: number) => (i % 2 ? c.toUpperCase() : c.toLowerCase()));
  const encoded = p.replace(/[a-z]/gi, (c, i: number) => (i % 3 === 0 ? `%${c.charCodeAt(0).toString(16).toUpperCase()}` : c));
  return { upper: p.toUpperCase(), mixed: p === "/" ? mixed : `${mixed}/`, encoded };
}
