import {
  INVESTMENT_DELETION_REQUESTED,
  INVESTMENT_FAILED,
  INVESTMENT_RUNNING,
  INVESTMENT_STOPPED,
} from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { statusTone } from '../../components/data-table/status-tone';
import { botState, botSwitchFor } from './bot-state';

describe('botState', () => {
  it('calls a running bot active', () => {
    expect(botState({ isRunning: INVESTMENT_RUNNING, statusMessage: null })).toEqual({
      key: 'active',
      label: 'Attivo',
      reason: null,
    });
  });

  it('calls a stopped bot stopped', () => {
    expect(botState({ isRunning: INVESTMENT_STOPPED, statusMessage: null })).toEqual({
      key: 'stopped',
      label: 'Fermo',
      reason: null,
    });
  });

  it('gives the reason of a failed bot', () => {
    expect(botState({ isRunning: INVESTMENT_FAILED, statusMessage: ' Credenziali non valide ' })).toEqual({
      key: 'error',
      label: 'Errore',
      reason: 'Credenziali non valide',
    });
  });

  it('shows a failed bot without a reason as an error alone', () => {
    expect(botState({ isRunning: INVESTMENT_FAILED, statusMessage: null }).reason).toBeNull();
    expect(botState({ isRunning: INVESTMENT_FAILED, statusMessage: '  ' }).reason).toBeNull();
  });

  it('calls a running bot that waits paused, with its reason, in the amber key', () => {
    const reason = 'Mercato GOLD chiuso su Capital.com: il bot riprende da solo alla riapertura';
    expect(botState({ isRunning: INVESTMENT_RUNNING, statusMessage: ` ${reason} ` })).toEqual({
      key: 'pending',
      label: 'In pausa',
      reason,
    });
    expect(statusTone(botState({ isRunning: INVESTMENT_RUNNING, statusMessage: reason }).key)).toBe(
      'waiting',
    );
  });

  it('calls a running bot with a blank message active', () => {
    expect(botState({ isRunning: INVESTMENT_RUNNING, statusMessage: '  ' }).key).toBe('active');
  });

  it('colours active green and error red', () => {
    expect(statusTone(botState({ isRunning: INVESTMENT_RUNNING, statusMessage: null }).key)).toBe('positive');
    expect(statusTone(botState({ isRunning: INVESTMENT_FAILED, statusMessage: 'x' }).key)).toBe('negative');
  });

  it('keeps the message of a stopped bot to itself', () => {
    expect(botState({ isRunning: INVESTMENT_STOPPED, statusMessage: 'old failure' }).reason).toBeNull();
  });

  it('names a requested deletion', () => {
    expect(botState({ isRunning: INVESTMENT_DELETION_REQUESTED, statusMessage: null }).label).toBe(
      'Eliminazione richiesta',
    );
  });

  it('treats an unknown state as stopped', () => {
    expect(botState({ isRunning: 7, statusMessage: null }).key).toBe('stopped');
  });
});

describe('botSwitchFor', () => {
  it('offers Stop while the bot runs, paused or not', () => {
    expect(botSwitchFor({ isRunning: INVESTMENT_RUNNING })).toBe('stop');
  });

  it('offers Start to a stopped or failed bot', () => {
    expect(botSwitchFor({ isRunning: INVESTMENT_STOPPED })).toBe('start');
    expect(botSwitchFor({ isRunning: INVESTMENT_FAILED })).toBe('start');
  });

  it('offers nothing while the deletion is under way', () => {
    expect(botSwitchFor({ isRunning: INVESTMENT_DELETION_REQUESTED })).toBeNull();
  });
});
