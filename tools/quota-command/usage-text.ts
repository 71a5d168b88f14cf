/**
 * The quota operator command's usage text, printed by `--help` and after a usage error.
 */
export const QUOTA_USAGE = `Usage: npx nx run tools:quota -- <command> [flags] [target] [--json]

Commands:
  show     --user U [--job J]                   plan and this week's usage; with --job, the ledger's record of that job
  grant    --user U --slots N --operation ID    give N extra slots for this week, once per operation id
  refund   --user U --job J                     give a charged job's slots back to the week it was charged to
  set-plan --user U --plan P                    move the user to plan P (free, creator, studio)

Target (default: the running local stack, found through <data>/dynamodb-endpoint.json):
  --data-dir DIR    the local stack's data folder (default $LUMCAST_DATA_DIR or .lumcast)
  --table NAME      the users table in AWS (default $LUMCAST_USERS_TABLE); region from $AWS_REGION,
                    credentials from the AWS SDK's default chain
  --endpoint URL    with --table: another DynamoDB endpoint (region defaults to "local")

Exit codes: 0 done (including "already granted", "not charged" and the like), 1 the ledger or
DynamoDB failed, 2 bad command line (nothing was read or written).`;
