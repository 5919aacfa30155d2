/** What the upstream itself says about a user, turned into the portal's access context (for tests). */
import { AccessTokenClaims, type Config } from "../../upstream/contract/index";
import { accessContextFrom } from "../../app/access/context";

export async function upstreamAccess(upstreamUrl: string, email: string, password = "Demo-Passw0rd!") {
  const login = await fetch(`${upstreamUrl}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`upstream login for ${email}: ${login.status}`);
  const { access_token } = (await login.json()) as { access_token: string };
  const claims = AccessTokenClaims.parse(JSON.parse(Buffer.from(access_token.split(".")[1]!, "base64url").toString()));
  const get = async (p: string): Promise<any> => (await fetch(`${claims.iss}/api/v2/${p}`, { headers: { authorization: `Bearer ${access_token}` } })).json();
  const [config, clients] = (await Promise.all([get("config"), get("clients")])) as [Config, { id: string; name: string }[]];
  return { ctx: accessContextFrom(claims, config, clients.length), config, claims, clients, get };
}
