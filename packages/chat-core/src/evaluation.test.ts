import { describe, expect, it } from 'vitest';
import { advance, FakeServer, installFakeClock, started } from './test/fakeServer.js';

installFakeClock();

const stars = [
  { star: 1, desc: 'Bad' },
  { star: 3, desc: 'OK', tags: ['slow'] },
  { star: 5, desc: 'Great' },
];

describe('evaluation', () => {
  it('given it opens, should fetch with tenant and channel, show it (status 1) with the stars reversed', async () => {
    const server = new FakeServer().reply('getEvaluateInfo', { starList: stars });
    const { session, state } = await started({ server });
    await session.openEvaluation();
    expect(server.bodies('getEvaluateInfo')).toEqual([{ tenantId: 't1', channelId: 'c1' }]);
    expect(state()).toMatchObject({ openEvaluate: true, evaluateStatus: 1 });
    expect(state().evaluateInfo?.starList.map((star) => star.star)).toEqual([5, 3, 1]);
  });

  it('given a submit succeeds, should close, set status 2, tell the visitor "You rated the service" and the agent "The user rated the service"', async () => {
    const server = new FakeServer().reply('getEvaluateInfo', { starList: stars });
    const { session, state } = await started({ server });
    await session.openEvaluation();
    await expect(session.submitEvaluation({ star: 5, tags: ['fast'], content: 'thanks' })).resolves.toBe(
      true,
    );
    expect(server.bodies('evaluate')).toEqual([{ star: 5, tags: ['fast'], content: 'thanks', userId: 'u1' }]);
    expect(state()).toMatchObject({ openEvaluate: false, evaluateStatus: 2 });
    expect(state().messages.at(-1)).toMatchObject({
      msgContent: 'You rated the service',
      noticeKey: 'notices.rated',
    });
    await advance(1000);
    expect(server.bodies('sysMsg')[0].msgContent).toBe('The user rated the service');
  });

  it("given a submit fails, should keep the dialog and notify 'Submit failed'", async () => {
    const server = new FakeServer().reply('getEvaluateInfo', { starList: stars }).refuse('evaluate');
    const { session, state } = await started({ server });
    await session.openEvaluation();
    await expect(session.submitEvaluation({ star: 1 })).resolves.toBe(false);
    expect(state()).toMatchObject({ openEvaluate: true, evaluateStatus: 1 });
    expect(state().notices).toEqual([{ id: 1, key: 'notices.submitFailed', text: 'Submit failed' }]);
  });

  it('given it is closed, should hide it', async () => {
    const server = new FakeServer().reply('getEvaluateInfo', { starList: stars });
    const { session, state } = await started({ server });
    await session.openEvaluation();
    session.closeEvaluation();
    expect(state().openEvaluate).toBe(false);
  });

  it('given already submitted, should not ask again', async () => {
    const server = new FakeServer().reply('getEvaluateInfo', { starList: stars });
    const { session } = await started({ server });
    await session.submitEvaluation({ star: 5 });
    await session.openEvaluation();
    expect(server.count('getEvaluateInfo')).toBe(0);
  });

  it('given the info cannot be fetched, should stay closed and log', async () => {
    const { session, state, logger } = await started({ server: new FakeServer().refuse('getEvaluateInfo') });
    await session.openEvaluation();
    expect(state().openEvaluate).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith('getEvaluateInfo failed', expect.anything());
  });
});
