// Jest setup of the `quota · DynamoDB Local` project: the suites' stores start DynamoDB Local.
process.env.QUOTA_TEST_STORE = 'dynamodb-local';
