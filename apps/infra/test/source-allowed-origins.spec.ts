import { logicalIdOf, synthesizeLumcast } from './support/synthesize';

/**
 * `LUMCAST_SOURCE_ALLOWED_ORIGINS` lets source links read origins on a private network: it is a
 * self-hosting operator's setting, so no stage of the deployed template may set it.
 */
describe('the source link allowance', () => {
  it.each([
    ['dev', { stage: 'dev' }],
    ['prod', { stage: 'prod', alarmEmail: 'ops@example.com' }],
  ])('is set on no function of the %s template', (_stage, context) => {
    const synthesized = synthesizeLumcast(context);
    try {
      const functions = synthesized.template.findResources('AWS::Lambda::Function');
      const handlers = Object.values(synthesized.stack.functions.byHandler);
      // Every handler's function is looked at, so an empty template cannot pass.
      expect(handlers.length).toBeGreaterThan(0);
      for (const fn of handlers) {
        const properties = functions[logicalIdOf(synthesized.stack, fn)]?.['Properties'];
        expect(properties?.['Environment']?.['Variables']).toBeDefined();
      }
      const setting = Object.values(functions).filter(
        (resource) =>
          'LUMCAST_SOURCE_ALLOWED_ORIGINS' in
          (resource['Properties']['Environment']?.['Variables'] ?? {}),
      );
      expect(setting).toEqual([]);
    } finally {
      synthesized.builds.remove();
    }
  });
});
