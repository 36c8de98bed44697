import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { $loading, $pendingLoads, finishLoading, startLoading, trackLoading } from './loading.ts';

afterEach(() => {
  cleanStores($loading, $pendingLoads);
  $pendingLoads.set(0);
});

describe('$loading', () => {
  it('is off at first', () => {
    keepMount($loading);
    expect($loading.get()).toBe(false);
  });

  it('counts overlapping fetches and stays on until the last ends', () => {
    keepMount($loading);
    startLoading();
    startLoading();
    expect($loading.get()).toBe(true);
    finishLoading();
    expect($loading.get()).toBe(true);
    finishLoading();
    expect($loading.get()).toBe(false);
  });

  it('never counts below zero', () => {
    keepMount($loading);
    finishLoading();
    expect($pendingLoads.get()).toBe(0);
    startLoading();
    expect($loading.get()).toBe(true);
  });

  it('tracks a promise and passes its value through', async () => {
    keepMount($loading);
    let resolve: (value: string) => void = () => {};
    const tracked = trackLoading(new Promise<string>((r) => (resolve = r)));
    expect($loading.get()).toBe(true);
    resolve('done');
    await allTasks();
    expect($loading.get()).toBe(false);
    await expect(tracked).resolves.toBe('done');
  });

  it('turns off after a failure too, and passes the failure on', async () => {
    keepMount($loading);
    const tracked = trackLoading(Promise.reject(new Error('Network response was not ok')));
    await expect(tracked).rejects.toThrow('Network response was not ok');
    await allTasks();
    expect($loading.get()).toBe(false);
  });
});
