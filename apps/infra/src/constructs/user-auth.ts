import { Aws, Duration, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  Mfa,
  OAuthScope,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/** Props of {@link UserAuth}. */
export interface UserAuthProps {
  readonly config: StageConfig;
}

/**
 * The Cognito user pool people sign in with, and its hosted UI domain. The
 * dashboard's app client is added once the dashboard URL is known
 * ({@link UserAuth.addDashboardClient}).
 */
export class UserAuth extends Construct {
  readonly userPool: UserPool;
  readonly domain: UserPoolDomain;

  constructor(scope: Construct, id: string, props: UserAuthProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'Users', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: props.config.deletionProtection,
      removalPolicy: props.config.removalPolicy,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is offered (TOTP, optional) but not required: a podcast generator holds no data ' +
          'worth forcing a second factor on every listener.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection (advanced security) needs the paid Plus feature plan; ' +
          'enable it per account if the user base warrants it.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Essentials feature plan covers hosted sign-in with PKCE; Plus is only needed for ' +
          'threat protection (see COG3).',
      },
    );
    this.domain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: {
        domainPrefix:
          props.config.cognitoDomainPrefix ?? `lumcast-${props.config.stage}-${Aws.ACCOUNT_ID}`,
      },
    });
  }

  /**
   * Adds the dashboard's public app client: authorization-code grant (the dashboard
   * uses PKCE; a public client has no secret), callback and sign-out URL = the
   * dashboard origin followed by `/`.
   */
  addDashboardClient(dashboardOrigin: string): UserPoolClient {
    const dashboardUrl = `${dashboardOrigin}/`;
    return this.userPool.addClient('Dashboard', {
      generateSecret: false,
      authFlows: { userSrp: true },
      oAuth: {
        flows: { authorizationCodeGrant: true, implicitCodeGrant: false },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: [dashboardUrl],
        logoutUrls: [dashboardUrl],
      },
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
  }
}
