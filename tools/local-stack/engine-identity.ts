import type { ServerResponse } from 'node:http';
import { isUserId } from '@lumcast/pipeline';
import { sendJson } from './send-json';

/** The header the dashboard's user picker sends: the local run's identity, at its gateway only. */
export const LOCAL_USER_HEADER = 'x-lumcast-user';

/** Mints an ID token for a user, as the user pool's hosted UI would hand the dashboard. */
export type MintIdToken = (userId: string) => Promise<string>;

/** The headers the local gateway forwards, and whether they carry a user's token. */
export interface ForwardedIdentity {
  headers: Record<string, string>;
  identified: boolean;
}

/** How long a minted token is used before a new one is minted (it lives an hour). */
const REUSE_MS = 30 * 60 * 1000;

/**
 * The local run's identity at its gateway, and only there: a request's `x-lumcast-user: <userId>`
 * becomes an `Authorization: Bearer <ID token>` from the run's local issuer, so the HTTP API's JWT
 * authorizer hands the api function the claims it would get in AWS (`sub`). The header itself
 * never reaches a function. A header that is not a user id (`.`, `..`, anything with `/`) is no
 * identity: a signed-in route then answers {@link sendUnauthenticated}'s 401, a public one (a feed)
 * goes on without one. A user's token is reused for half its life, so a request costs no signature.
 *
 * @returns the headers to forward (a copy), and whether they carry an identity.
 */
export function localIdentityHeaders(
  mint: MintIdToken,
): (headers: Record<string, string>) => Promise<ForwardedIdentity> {
  const minted = new Map<string, { token: Promise<string>; at: number }>();
  const tokenFor = (userId: string): Promise<string> => {
    const cached = minted.get(userId);
    if (cached && Date.now() - cached.at < REUSE_MS) return cached.token;
    const token = mint(userId);
    minted.set(userId, { token, at: Date.now() });
    token.catch(() => minted.delete(userId));
    return token;
  };
  return async (headers) => {
    const { [LOCAL_USER_HEADER]: user, ...rest } = headers;
    if (!isUserId(user)) return { headers: rest, identified: false };
    return {
      headers: { ...rest, authorization: `Bearer ${await tokenFor(user)}` },
      identified: true,
    };
  };
}

/**
 * The 401 a signed-in route answers without an identity, as the api function answers it behind
 * an authorizer that lets anonymous requests through (API Gateway's authorizer would answer `{"message":"Unauthorized"}`): the local
 * contract the dashboard and scripts read.
 */
export function sendUnauthenticated(response: ServerResponse): void {
  sendJson(response, 401, {
    error: { code: 'unauthenticated', message: 'Sign in to use Lumcast.' },
  });
}
