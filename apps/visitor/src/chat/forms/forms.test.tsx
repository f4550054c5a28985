import type { Star, UserFormConfig } from '@parley/chat-core';
import { Toaster } from '@parley/chat-ui/Toast';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import visitorReadme from '../../../README.md?raw';
import { WithStrings } from '../../test/strings.js';
import { EvaluationDialog } from './EvaluationDialog.js';
import { GroupPicker } from './GroupPicker.js';
import { LeaveMessageForm } from './LeaveMessageForm.js';
import { UserForm } from './UserForm.js';

const config = (formModal: 0 | 1): UserFormConfig => ({
  formModal,
  fields: [
    { name: 'name', label: 'Your name', type: 'text', required: true },
    { name: 'phone', label: 'Mobile', type: 'phone' },
    { name: 'email', label: 'Email', type: 'email' },
  ],
});

describe('UserForm', () => {
  it('given formModal 1, should be a modal dialog that Escape does not dismiss', async () => {
    const screen = await render(
      <WithStrings>
        <UserForm config={config(1)} onSubmit={async () => true} />
      </WithStrings>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Before we start' });
    await expect.element(dialog).toHaveAttribute('aria-modal', 'true');
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).toBeVisible();
  });

  it('given formModal 0, should show the form inline, not as a dialog', async () => {
    const screen = await render(
      <WithStrings>
        <UserForm config={config(0)} onSubmit={async () => true} />
      </WithStrings>,
    );
    await expect.element(screen.getByRole('region', { name: 'Before we start' })).toBeVisible();
    expect(screen.container.querySelector('dialog')).toBeNull();
  });

  it('given fields asking who the visitor is, should let the browser fill them in (their purpose in autocomplete)', async () => {
    const screen = await render(
      <WithStrings>
        <UserForm config={config(0)} onSubmit={async () => true} />
      </WithStrings>,
    );
    await expect.element(screen.getByLabelText(/^Your name/)).toHaveAttribute('autocomplete', 'name');
    await expect.element(screen.getByLabelText('Mobile')).toHaveAttribute('autocomplete', 'tel');
    await expect.element(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
  });

  it('given a bad phone and email, should explain both, focus the first and send nothing', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(
      <WithStrings>
        <UserForm config={config(0)} onSubmit={onSubmit} />
      </WithStrings>,
    );
    await userEvent.fill(screen.getByLabelText(/^Your name/), 'Ann');
    await userEvent.fill(screen.getByLabelText('Mobile'), '(212) 055-0123');
    await userEvent.fill(screen.getByLabelText('Email'), 'ann@');
    await userEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    await expect
      .element(
        screen.getByText(
          'Enter a valid phone number for United States (+1), or start it with + and the country code.',
        ),
      )
      .toBeVisible();
    await expect.element(screen.getByText('Enter a valid email address.')).toBeVisible();
    await expect.element(screen.getByLabelText('Mobile')).toHaveFocus();
    await expect.element(screen.getByLabelText('Mobile')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('given a missing required field, should say it is required', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(
      <WithStrings>
        <UserForm config={config(0)} onSubmit={onSubmit} />
      </WithStrings>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    await expect.element(screen.getByText('This field is required.')).toBeVisible();
    await expect.element(screen.getByLabelText(/^Your name/)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('given valid values, should send them trimmed', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(
      <WithStrings>
        <UserForm config={config(0)} onSubmit={onSubmit} />
      </WithStrings>,
    );
    await userEvent.fill(screen.getByLabelText(/^Your name/), '  Ann ');
    await userEvent.fill(screen.getByLabelText('Mobile'), '+86 138 0013 8000');
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann', phone: '+8613800138000', email: '' }),
    );
  });
});

describe('GroupPicker', () => {
  const groups = [
    { groupId: 'sales', groupName: 'Sales' },
    { groupId: 'support', groupName: 'Support' },
  ];

  it('given no choice, should ask for one; given a choice by keyboard, should report it', async () => {
    const onChoose = vi.fn();
    const screen = await render(
      <WithStrings>
        <GroupPicker groups={groups} onChoose={onChoose} onCancel={() => {}} />
      </WithStrings>,
    );
    await expect.element(screen.getByRole('dialog', { name: 'Choose a department' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await expect.element(screen.getByText('This field is required.')).toBeVisible();
    expect(onChoose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: 'Support' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onChoose).toHaveBeenCalledWith('support');
  });

  it('when Escape is pressed, should cancel', async () => {
    const onCancel = vi.fn();
    await render(
      <WithStrings>
        <GroupPicker groups={groups} onChoose={() => {}} onCancel={onCancel} />
      </WithStrings>,
    );
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(onCancel).toHaveBeenCalled());
  });
});

describe('LeaveMessageForm', () => {
  it('given no phone or email, should ask for a way to reply', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(
      <WithStrings>
        <LeaveMessageForm onSubmit={onSubmit} onClose={() => {}} />
      </WithStrings>,
    );
    await userEvent.fill(screen.getByLabelText(/^Message/), 'Call me back please');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await expect
      .element(screen.getByText('Give a phone number or an email address so we can reply.'))
      .toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('given a message and an email, should send it and thank the visitor', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(
      <WithStrings>
        <Toaster />
        <LeaveMessageForm onSubmit={onSubmit} onClose={() => {}} />
      </WithStrings>,
    );
    await userEvent.fill(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.fill(screen.getByLabelText(/^Message/), 'Where is order 1042?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await expect.element(screen.getByText(/Thank you\. Your message has been sent\./)).toBeVisible();
    expect(onSubmit).toHaveBeenCalledWith({
      name: undefined,
      phone: undefined,
      email: 'ann@example.com',
      content: 'Where is order 1042?',
    });
  });

  it('given the server refuses, should keep what was typed', async () => {
    const screen = await render(
      <WithStrings>
        <LeaveMessageForm onSubmit={async () => false} onClose={() => {}} />
      </WithStrings>,
    );
    await userEvent.fill(screen.getByLabelText('Phone'), '+45 2020 1234');
    await userEvent.fill(screen.getByLabelText(/^Message/), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await expect.element(screen.getByLabelText(/^Message/)).toHaveValue('Hello');
  });
});

describe('EvaluationDialog', () => {
  // As the engine shows it: reversed, best first.
  const stars: Star[] = [
    { star: 5, desc: 'Excellent', tags: ['Fast', 'Friendly'] },
    { star: 4, desc: 'Good' },
    { star: 3, desc: 'Fair' },
    { star: 2, desc: 'Poor' },
    { star: 1, desc: 'Very poor', tags: ['Slow'] },
  ];

  it('given a chosen star, its tags and a comment, should submit them', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(
      <WithStrings>
        <EvaluationDialog stars={stars} onSubmit={onSubmit} onClose={() => {}} />
      </WithStrings>,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Excellent' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Friendly' }));
    await userEvent.fill(screen.getByLabelText('Comment (optional)'), ' Thanks! ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ star: 5, tags: ['Friendly'], content: 'Thanks!' });
  });

  it('should list the ratings best first, as the spec reverses them for display', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(
      <WithStrings>
        <EvaluationDialog stars={stars} onSubmit={onSubmit} onClose={() => {}} />
      </WithStrings>,
    );
    const names = screen
      .getByRole('radio')
      .elements()
      .map((radio) => radio.getAttribute('aria-label'));
    expect(names).toEqual(['Excellent', 'Good', 'Fair', 'Poor', 'Very poor']);
    await userEvent.click(screen.getByRole('radio', { name: 'Very poor' }));
    await expect.element(screen.getByRole('checkbox', { name: 'Slow' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ star: 1, tags: [], content: '' });
  });

  it('should move through the ratings with the arrow keys, best first, each named for screen readers', async () => {
    const screen = await render(
      <WithStrings>
        <EvaluationDialog stars={stars} onSubmit={vi.fn(async () => true)} onClose={() => {}} />
      </WithStrings>,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Excellent' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('radio', { name: 'Good' })).toBeChecked();
    await expect.element(screen.getByRole('radio', { name: 'Good' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(screen.getByRole('radio', { name: 'Excellent' })).toBeChecked();
  });

  it("should be described in the app's README in the order it shows (best first)", () => {
    const evaluation = visitorReadme
      .split('\n- ')
      .find((item) => item.startsWith('**The evaluation dialog**'));
    expect(evaluation).toMatch(/best first/);
    expect(evaluation).not.toMatch(/lowest first/);
    expect(evaluation).toMatch(/StarRating/);
  });

  it('given no star, should ask for one and send nothing', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(
      <WithStrings>
        <EvaluationDialog stars={stars} onSubmit={onSubmit} onClose={() => {}} />
      </WithStrings>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await expect.element(screen.getByText('This field is required.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
