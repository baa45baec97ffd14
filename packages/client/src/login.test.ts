import { describe, expect, test } from 'vitest';
import { datagramId } from '@chess-formats/icc-dg';
import { ICC_DATAGRAMS, iccLoginLines, LoginMachine, settingsCommands } from './login.js';

describe('the ICC login lines', () => {
  test('level 1 units, and exactly the DGs connect reads, leftmost bit DG 0', () => {
    const [level1, level2] = iccLoginLines();
    expect(level1).toBe('level1=1');
    const bits = (level2 ?? '').slice('level2settings='.length);
    const on = [...bits].flatMap((bit, dg) => (bit === '1' ? [dg] : []));
    expect(on).toEqual([0, 16, 17, 18, 19, 22, 23, 24, 33, 34, 43, 56, 69, 101]);
    expect(on).toEqual(ICC_DATAGRAMS.map((name) => datagramId(name)).sort((a, b) => (a ?? 0) - (b ?? 0)));
  });
});
describe('settingsCommands', () => {
  test('FICS: style 12, no bell, the client named, seekinfo once more (the rest is on the login line)', () => {
    expect(settingsCommands('fics')).toEqual([
      'set interface chess-formats',
      'set style 12',
      'set bell 0',
      'iset seekinfo 1',
    ]);
  });

  test('ICC: style 13 (positions come as datagrams), set quietly', () => {
    expect(settingsCommands('icc')).toEqual([
      'set-quietly interface chess-formats',
      'set-quietly style 13',
      'set-quietly bell 0',
    ]);
  });
});

describe('LoginMachine on FICS', () => {
  test('a guest: name, return at the offered name, then the session starts', () => {
    const login = new LoginMachine('fics', { kind: 'guest' });
    expect(login.onText('Welcome\n\rlogin: ')).toEqual({ kind: 'send', line: 'guest' });
    expect(login.onText('\nPress return to enter the server as "GuestRXKM":')).toEqual({ kind: 'send', line: '' });
    expect(login.onText('\n**** Starting FICS session as GuestRXKM(U) ****\nfics% ')).toEqual({
      kind: 'logged-in',
      name: 'GuestRXKM',
    });
  });

  test('a registered name: the password at its prompt, marked secret', () => {
    const login = new LoginMachine('fics', { kind: 'user', name: 'Wanderkind', password: 'pw' });
    expect(login.onText('login: ')).toEqual({ kind: 'send', line: 'Wanderkind' });
    expect(login.onText('"Wanderkind" is a registered name.\npassword: ')).toEqual({
      kind: 'send',
      line: 'pw',
      secret: true,
    });
    expect(login.onText('**** Starting FICS session as Wanderkind ****')).toEqual({
      kind: 'logged-in',
      name: 'Wanderkind',
    });
  });

  test('a refused password fails for good (no retry that could lock the account)', () => {
    const login = new LoginMachine('fics', { kind: 'user', name: 'Wanderkind', password: 'bad' });
    login.onText('login: ');
    login.onText('password: ');
    expect(login.onText('\n**** Invalid password! ****\n\nlogin: ')).toEqual({
      kind: 'failed',
      message: 'the server refused the password',
      retry: false,
    });
  });

  test('a second login prompt after the name is a refused name', () => {
    const login = new LoginMachine('fics', { kind: 'guest' });
    login.onText('login: ');
    expect(login.onText('Sorry, names may be at most 17 characters long.\nlogin: ')).toMatchObject({
      kind: 'failed',
      retry: false,
    });
  });

  test('a password prompt for a guest is an error, not a hang', () => {
    const login = new LoginMachine('fics', { kind: 'guest' });
    login.onText('login: ');
    expect(login.onText('password: ')).toMatchObject({ kind: 'failed', retry: false });
  });

  test('partial output waits', () => {
    const login = new LoginMachine('fics', { kind: 'guest' });
    expect(login.onText('Welcome to the server\n')).toEqual({ kind: 'wait' });
    expect(login.onText('log')).toEqual({ kind: 'wait' });
  });
});

describe('LoginMachine on ICC', () => {
  test('level1 and level2settings at the first prompts, then the name; DG_WHO_AM_I is success', () => {
    const login = new LoginMachine('icc', { kind: 'guest' }, iccLoginLines());
    expect(login.onText('login: ')).toEqual({ kind: 'send', line: 'level1=1' });
    expect(login.onText('login: ')).toMatchObject({
      kind: 'send',
      line: expect.stringMatching(/^level2settings=1[01]+$/),
    });
    expect(login.onText('login: ')).toEqual({ kind: 'send', line: 'guest' });
    expect(login.onDatagram(0, ['guest2213', ''])).toEqual({ kind: 'logged-in', name: 'guest2213' });
  });

  test('DG_LOGIN_FAILED: 5 waits for the password prompt, 8 enters with return, 11 fails, 19 may retry', () => {
    const login = new LoginMachine('icc', { kind: 'user', name: 'Greyhame', password: 'mellon' }, iccLoginLines());
    login.onText('login: ');
    login.onText('login: ');
    login.onText('login: ');
    expect(login.onDatagram(69, ['5', 'Greyhame is a registered name.'])).toEqual({ kind: 'wait' });
    expect(login.onText('password: ')).toEqual({ kind: 'send', line: 'mellon', secret: true });
    expect(login.onDatagram(69, ['11', 'Invalid password.'])).toEqual({
      kind: 'failed',
      message: 'login failed (ICC code 11): Invalid password.',
      retry: false,
    });
    expect(
      new LoginMachine('icc', { kind: 'guest' }, iccLoginLines()).onDatagram(69, ['19', 'The chess server is full.']),
    ).toMatchObject({ retry: true });
    expect(
      new LoginMachine('icc', { kind: 'guest' }, iccLoginLines()).onDatagram(69, ['8', 'x is not a registered name.']),
    ).toEqual({
      kind: 'send',
      line: '',
    });
  });

  test('other datagrams do not move the login', () => {
    expect(new LoginMachine('icc', { kind: 'guest' }, iccLoginLines()).onDatagram(24, ['1', 'e4'])).toEqual({
      kind: 'wait',
    });
  });
});
