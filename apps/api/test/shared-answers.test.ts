import { describe, expect, it } from 'vitest';
import { createSharedAnswers } from '../src/answers/shared-answers.ts';

/** A clock the test moves, and a load that counts its calls and answers what it is told. */
function setup(fresh = 1_000, stale = 4_000) {
  let clock = 0;
  const answers = createSharedAnswers(fresh, stale, () => clock);
  let calls = 0;
  let next: () => Promise<string> = async () => `answer ${calls}`;
  const load = () => {
    calls += 1;
    return next();
  };
  return {
    answers,
    load,
    calls: () => calls,
    at: (ms: number) => {
      clock = ms;
    },
    answerWith: (f: () => Promise<string>) => {
      next = f;
    },
  };
}

describe('shared answers', () => {
  it('computed once for every caller within the fresh time, again after it', async () => {
    const s = setup();
    expect(await s.answers.get('k', s.load)).toBe('answer 1');
    s.at(999);
    expect(await s.answers.get('k', s.load)).toBe('answer 1');
    expect(s.calls()).toBe(1);
    // Another key is another answer.
    expect(await s.answers.get('other', s.load)).toBe('answer 2');
    expect(s.calls()).toBe(2);
  });

  it('callers asking at the same time share one computation', async () => {
    const s = setup();
    let release: (v: string) => void = () => undefined;
    s.answerWith(() => new Promise<string>((resolve) => (release = resolve)));
    const waiting = Promise.all([1, 2, 3].map(() => s.answers.get('k', s.load)));
    release('once');
    expect(await waiting).toEqual(['once', 'once', 'once']);
    expect(s.calls()).toBe(1);
  });

  it('past the fresh time the old answer is given at once while one new one is computed behind it', async () => {
    const s = setup();
    await s.answers.get('k', s.load);
    s.at(1_500);
    let release: (v: string) => void = () => undefined;
    s.answerWith(() => new Promise<string>((resolve) => (release = resolve)));
    expect(await s.answers.get('k', s.load)).toBe('answer 1');
    expect(await s.answers.get('k', s.load)).toBe('answer 1');
    expect(s.calls()).toBe(2);
    release('renewed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await s.answers.get('k', s.load)).toBe('renewed');
    expect(s.calls()).toBe(2);
  });

  it('past the stale time the caller waits for a new answer', async () => {
    const s = setup();
    await s.answers.get('k', s.load);
    s.at(4_000);
    expect(await s.answers.get('k', s.load)).toBe('answer 2');
  });

  it('a failure is not kept: behind a caller it leaves the old answer, in front of one it reaches them', async () => {
    const s = setup();
    await s.answers.get('k', s.load);
    s.at(1_500);
    s.answerWith(async () => {
      throw new Error('database gone');
    });
    expect(await s.answers.get('k', s.load)).toBe('answer 1');
    await new Promise((resolve) => setImmediate(resolve));
    s.at(5_000);
    await expect(s.answers.get('k', s.load)).rejects.toThrow('database gone');
    s.answerWith(async () => 'back');
    expect(await s.answers.get('k', s.load)).toBe('back');
  });

  it('a fresh time of 0 shares nothing', async () => {
    const s = setup(0, 0);
    await s.answers.get('k', s.load);
    await s.answers.get('k', s.load);
    expect(s.calls()).toBe(2);
  });
});

describe('shared answers: bounded memory', () => {
  it('weighs a page by its rows: the least recently used pages go first', async () => {
    const answers = createSharedAnswers(60_000, 60_000);
    const page = (n: number) => async () => ({
      content: Array.from({ length: 200 }, (_, i) => n * 1000 + i),
    });
    let loads = 0;
    const counted = (n: number) => () => {
      loads += 1;
      return page(n)();
    };
    // 200 pages of 200 rows weigh 40 200: the first ones no longer fit.
    for (let n = 0; n < 200; n++) await answers.get(`p${n}`, counted(n));
    expect(loads).toBe(200);
    await answers.get('p199', counted(199));
    expect(loads).toBe(200);
    await answers.get('p0', counted(0));
    expect(loads).toBe(201);
  });
});
