import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** Options of {@link startJwtIssuer}: the template's JWT authorizer settings. */
export interface JwtIssuerOptions {
  /** The authorizer's `Issuer` (the user pool's `https://cognito-idp.<region>.amazonaws.com/<id>`). */
  readonly issuer: string;
  /** The authorizer's `Audience` (the user pool client ids); tokens are minted for the first. */
  readonly audience: readonly string[];
  /** Clock of the issuer; default `() => new Date()`. */
  readonly now?: () => Date;
}

/** What {@link JwtIssuer.mint} puts in a token besides the standard claims. */
export interface MintOptions {
  readonly sub: string;
  readonly email?: string;
  /** `id` (what the dashboard sends) or `access`; default `id`. */
  readonly tokenUse?: 'id' | 'access';
  /** Lifetime in seconds; default 3600 (Cognito's default). Negative mints an expired token. */
  readonly expiresInSeconds?: number;
  /** Overrides the issuer (to mint a token the authorizer must refuse). */
  readonly issuer?: string;
  /** Overrides the audience (to mint a token the authorizer must refuse). */
  readonly audience?: string;
}

/**
 * A local stand-in for the user pool's token signing: an RS256 key pair made in the run, its JWKS,
 * and ID/access tokens with the template's issuer and audience, shaped as Cognito's are.
 *
 * @example
 * ```ts
 * const issuer = await startJwtIssuer({ issuer: app.httpApi.jwtAuthorizer!.issuer, audience: app.httpApi.jwtAuthorizer!.audience });
 * const token = await issuer.mint({ sub: 'user-1', email: 'ada@example.com' });
 * ```
 */
export interface JwtIssuer {
  readonly issuer: string;
  readonly audience: readonly string[];
  /** The public keys, as `<issuer>/.well-known/jwks.json` serves them. */
  readonly jwks: { readonly keys: readonly JWK[] };
  mint(options: MintOptions): Promise<string>;
}

/**
 * Makes a key pair and returns an issuer holding it.
 *
 * @example
 * ```ts
 * const issuer = await startJwtIssuer({ issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_x', audience: ['client'] });
 * ```
 */
export async function startJwtIssuer(options: JwtIssuerOptions): Promise<JwtIssuer> {
  const now = options.now ?? (() => new Date());
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = `local-${Date.now().toString(36)}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const [clientId] = options.audience;
  if (!clientId) throw new TypeError('The JWT authorizer has no audience');
  return {
    issuer: options.issuer,
    audience: options.audience,
    jwks: { keys: [jwk] },
    mint: (mint) => sign(privateKey, kid, options.issuer, clientId, now(), mint),
  };
}

function sign(
  key: SigningKey,
  kid: string,
  issuer: string,
  clientId: string,
  now: Date,
  mint: MintOptions,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const tokenUse = mint.tokenUse ?? 'id';
  const audience = mint.audience ?? clientId;
  const claims: Record<string, unknown> = {
    token_use: tokenUse,
    auth_time: iat,
    'cognito:username': mint.sub,
    ...(tokenUse === 'access' ? { client_id: audience, scope: 'openid email' } : {}),
    ...(mint.email ? { email: mint.email, email_verified: true } : {}),
  };
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject(mint.sub)
    .setIssuer(mint.issuer ?? issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (mint.expiresInSeconds ?? 3600))
    .setJti(`${mint.sub}-${iat}-${Math.random().toString(36).slice(2)}`);
  if (tokenUse === 'id') jwt.setAudience(audience);
  return jwt.sign(key);
}
