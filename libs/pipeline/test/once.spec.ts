import { once } from '../src/composition/once';

describe('once', () => {
  it('does not build the value until it is first asked for', () => {
    const create = jest.fn(() => ({ built: true }));
    once(create);
    expect(create).not.toHaveBeenCalled();
  });

  it('builds the value once and returns the same one every time', () => {
    const create = jest.fn(() => ({ built: true }));
    const get = once(create);
    const first = get();
    expect(get()).toBe(first);
    expect(get()).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('remembers a value that is undefined without building it again', () => {
    const create = jest.fn((): undefined => undefined);
    const get = once(create);
    get();
    get();
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('builds again after a failed first attempt, since nothing was kept', () => {
    let calls = 0;
    const get = once(() => {
      calls += 1;
      if (calls === 1) throw new Error('not yet');
      return calls;
    });
    expect(() => get()).toThrow('not yet');
    expect(get()).toBe(2);
    expect(get()).toBe(2);
  });
});
