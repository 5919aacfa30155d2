/**
 * TRUST_PROXY: how many proxies in front of the portal set X-Forwarded-For/-Proto. Unset, 0 or
 * false: none (the socket's address counts); 1 or true: one; N: N. Counting hops rather than
 * trusting every hop means a client cannot choose its own address for the throttles by sending
 * its own X-Forwarded-For: the address the nearest trusted proxy saw is the one that counts.
 */
export function trustedProxyHops(value: string | undefined): number {
  if (!value || value === "false") return 0;
  if (value === "true") return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Invalid environment: TRUST_PROXY must be a number of proxies or true/false, not ${value}`);
  return n;
}
