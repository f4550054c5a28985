import { describe, expect, it } from 'vitest';
import { fillVariables } from './cannedVariables.js';

// How the console fills a canned reply's variables when it is inserted (canned.ts).

const values = { visitorName: 'Vera', email: 'vera@example.org', agentName: 'Ana' };
const unnamed = { visitorName: '', email: '', agentName: 'Ana' };

describe("a canned reply's variables", () => {
  it('given values, should put them in the place of their variables, fallbacks or not', () => {
    expect(fillVariables('Hi {{visitor.name}}, {{agent.name}} here.', values)).toBe('Hi Vera, Ana here.');
    expect(fillVariables('Hi {{ visitor.name | "there" }}, we write to {{visitor.email}}.', values)).toBe(
      'Hi Vera, we write to vera@example.org.',
    );
  });

  it('given a variable without a value, should use its fallback, quoted or not', () => {
    expect(fillVariables('Hi {{visitor.name | "there"}}, {{agent.name}} here.', unnamed)).toBe(
      'Hi there, Ana here.',
    );
    expect(fillVariables("Hi {{visitor.name|'friend'}}!", unnamed)).toBe('Hi friend!');
    expect(fillVariables('We will write to {{visitor.email | your address}}.', unnamed)).toBe(
      'We will write to your address.',
    );
    expect(fillVariables('Hi {{visitor.name | "there"}}', { ...unnamed, visitorName: '  ' })).toBe(
      'Hi there',
    );
  });

  it('given a variable without a value or a fallback, should leave no gap or placeholder', () => {
    expect(fillVariables('Hi {{visitor.name}}, how can I help?', unnamed)).toBe('Hi, how can I help?');
    expect(fillVariables('Hi {{visitor.name | ""}}, how can I help?', unnamed)).toBe('Hi, how can I help?');
  });

  it('given a variable the console does not know, should leave it as written', () => {
    expect(fillVariables('Order {{order.id | "unknown"}} ships today.', values)).toBe(
      'Order {{order.id | "unknown"}} ships today.',
    );
  });
});
