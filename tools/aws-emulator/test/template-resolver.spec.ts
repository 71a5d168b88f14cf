import { UnresolvableIntrinsicError } from '../src/errors';
import { TemplateResolver, type CfnTemplate } from '../src/template/template-resolver';

const template: CfnTemplate = {
  Parameters: { Stage: { Type: 'String', Default: 'dev' } },
  Conditions: {
    IsDev: { 'Fn::Equals': [{ Ref: 'Stage' }, 'dev'] },
    IsProd: { 'Fn::Not': [{ Condition: 'IsDev' }] },
  },
  Resources: {
    Jobs: { Type: 'AWS::DynamoDB::Table', Properties: { KeySchema: [] } },
    Named: {
      Type: 'AWS::DynamoDB::Table',
      Properties: { TableName: { 'Fn::Sub': 'named-${Stage}' } },
    },
    Audio: { Type: 'AWS::S3::Bucket' },
    Queue: { Type: 'AWS::SQS::Queue' },
    OnlyInProd: { Type: 'AWS::SQS::Queue', Condition: 'IsProd' },
  },
};
const account = { region: 'us-east-1', accountId: '000000000000', partition: 'aws' };
const resolver = new TemplateResolver(template, {
  stackName: 'Stack',
  account,
  endpoints: { sqsBaseUrl: 'http://q' },
});

describe('TemplateResolver', () => {
  it('resolves Ref and GetAtt to local names and ARNs, keeping explicit names', () => {
    expect(resolver.resolve({ Ref: 'Jobs' }, 'x')).toBe('Stack-Jobs');
    expect(resolver.resolve({ 'Fn::GetAtt': ['Named', 'Arn'] }, 'x')).toBe(
      'arn:aws:dynamodb:us-east-1:000000000000:table/named-dev',
    );
    expect(resolver.resolve({ 'Fn::GetAtt': 'Audio.Arn' }, 'x')).toBe('arn:aws:s3:::stack-audio');
    expect(resolver.resolve({ Ref: 'Queue' }, 'x')).toBe('http://q/000000000000/Stack-Queue');
  });

  it('resolves Sub (with variables and ${!literal}), Join, Select, Split and pseudo parameters', () => {
    expect(
      resolver.resolve(
        {
          'Fn::Sub': ['${AWS::Region}:${Jobs.Arn}:${x}:${!kept}', { x: { Ref: 'AWS::AccountId' } }],
        },
        'x',
      ),
    ).toBe(
      'us-east-1:arn:aws:dynamodb:us-east-1:000000000000:table/Stack-Jobs:000000000000:${kept}',
    );
    expect(resolver.resolve({ 'Fn::Join': ['/', ['a', { Ref: 'AWS::Partition' }]] }, 'x')).toBe(
      'a/aws',
    );
    expect(resolver.resolve({ 'Fn::Select': [1, { 'Fn::Split': [',', 'a,b,c'] }] }, 'x')).toBe('b');
  });

  it('applies conditions: Fn::If, AWS::NoValue, and resources left out of the deployment', () => {
    expect(
      resolver.resolve({ A: { 'Fn::If': ['IsDev', 'yes', { Ref: 'AWS::NoValue' }] } }, 'x'),
    ).toEqual({ A: 'yes' });
    expect(
      resolver.resolve({ A: { 'Fn::If': ['IsProd', 'yes', { Ref: 'AWS::NoValue' }] } }, 'x'),
    ).toEqual({});
    expect(resolver.logicalIdsOfType('AWS::SQS::Queue')).toEqual(['Queue']);
  });

  it('refuses what it cannot resolve rather than guessing, naming where it was met', () => {
    expect(() => resolver.resolve({ 'Fn::ImportValue': 'shared' }, 'Resources.X')).toThrow(
      UnresolvableIntrinsicError,
    );
    expect(() => resolver.resolve({ Ref: 'Missing' }, 'Resources.Y')).toThrow(
      /Missing.*Resources\.Y/,
    );
    expect(() => resolver.resolve({ 'Fn::GetAtt': ['Jobs', 'Nope'] }, 'z')).toThrow(
      UnresolvableIntrinsicError,
    );
  });
});
