import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { USER_PLAN_ATTRIBUTE, USERS_TABLE_KEY } from '@lumcast/quota';

/**
 * Reads a user's plan (the `plan` attribute of the users table); a user with
 * no item or no plan is on the default plan (`weeklyLimitFor(undefined)`).
 *
 * @example
 * ```ts
 * const plans = new UserPlans({ client, tableName: 'lumcast-users' });
 * weeklyLimitFor(await plans.planOf('alice'));
 * ```
 */
export class UserPlans {
  constructor(private readonly options: { client: DynamoDBClient; tableName: string }) {}

  async planOf(userId: string): Promise<string | undefined> {
    const { Item } = await this.options.client.send(
      new GetItemCommand({
        TableName: this.options.tableName,
        Key: { [USERS_TABLE_KEY.partitionKey]: { S: userId } },
        ProjectionExpression: '#plan',
        ExpressionAttributeNames: { '#plan': USER_PLAN_ATTRIBUTE },
      }),
    );
    return Item?.[USER_PLAN_ATTRIBUTE]?.S;
  }
}
