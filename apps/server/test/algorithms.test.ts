import { ALGORITHM_MESSAGES, requestOf, type Algorithm } from '@platform/contracts';
import { API } from '@platform/contracts/api';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './support/factories';
import { createTestApp } from './support/test-app';

describe('algorithms', () => {
  it('defaults the grid parameters from the market of the instrument table', async () => {
    const testApp = await createTestApp();
    const token = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
    const created = await testApp.call<Algorithm>({
      ...requestOf(API.algorithms.add),
      token,
      payload: { name: 'Grid NASDAQ', description: 'Griglia long', minCapital: 2500, market: 'NASDAQ' },
    });
    expect(created.body.data).toMatchObject({
      name: 'Grid NASDAQ',
      minCapital: 2500,
      market: 'NASDAQ',
      config: { mediazione: 100, target: 200, worst: 1500, safeWorst: 2000, multiplier: 1 },
    });

    const edited = await testApp.call<Algorithm>({
      ...requestOf(API.algorithms.edit, { id: created.body.data._id }),
      token,
      payload: {
        name: 'Grid NASDAQ',
        description: 'Griglia long',
        minCapital: 3000,
        market: 'NASDAQ',
        config: { target: 250 },
      },
    });
    expect(edited.body.data.config).toMatchObject({ mediazione: 100, target: 250 });

    const moved = await testApp.call<Algorithm>({
      ...requestOf(API.algorithms.edit, { id: created.body.data._id }),
      token,
      payload: { name: 'Grid GOLD', description: 'Griglia long', minCapital: 3000, market: 'GOLD' },
    });
    expect(moved.body.data.config).toMatchObject({ mediazione: 30, target: 50, worst: 300, safeWorst: 400 });

    const userToken = (await login(testApp, await createUser(testApp))).jwt;
    const seen = await testApp.call<Algorithm[]>({ ...requestOf(API.algorithms.list), token: userToken });
    expect(seen.body.data.map((algorithm) => algorithm.name)).toEqual(['Grid GOLD']);
  });

  it('refuses the form with the spec messages', async () => {
    const testApp = await createTestApp();
    const token = (await login(testApp, await createUser(testApp, { role: 'admin' }))).jwt;
    const noName = await testApp.call({
      ...requestOf(API.algorithms.add),
      token,
      payload: { name: '', description: 'x', minCapital: 10 },
    });
    expect(noName.body.error).toBe(ALGORITHM_MESSAGES.nameDescriptionRequired);
    const zero = await testApp.call({
      ...requestOf(API.algorithms.add),
      token,
      payload: { name: 'a', description: 'b', minCapital: 0 },
    });
    expect(zero.body.error).toBe(ALGORITHM_MESSAGES.minCapitalPositive);
    const badMultiplier = await testApp.call({
      ...requestOf(API.algorithms.add),
      token,
      payload: { name: 'a', description: 'b', minCapital: 1, config: { multiplier: 0.5 } },
    });
    expect(badMultiplier.status).toBe(400);
    const unknown = await testApp.call({
      ...requestOf(API.algorithms.edit, { id: '3f2b8c1e-7d4a-4b6e-9c2d-5a1e8f7b6c3d' }),
      token,
      payload: { name: 'a', description: 'b', minCapital: 1 },
    });
    expect(unknown.status).toBe(404);
  });
});
