import {
  INVESTMENT_DELETION_REQUESTED,
  INVESTMENT_FAILED,
  INVESTMENT_RUNNING,
  INVESTMENT_STOPPED,
} from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { botState } from './bot-state';

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

  it('keeps the message of a bot that is no longer failed to itself', () => {
    expect(botState({ isRunning: INVESTMENT_RUNNING, statusMessage: 'old failure' }).reason).toBeNull();
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
