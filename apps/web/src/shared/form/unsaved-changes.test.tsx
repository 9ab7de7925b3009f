import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { feedback } from '@/shared/ui/feedback';
import { DISCARD_QUESTION, useLeaveGuard, useUnsavedChanges, whenLeaving } from './unsaved-changes';

afterEach(cleanup);

let answer: 'ok' | 'cancel';
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  feedback.modal = {
    confirm: ({ title, onOk, onCancel }: { title: string; onOk: () => void; onCancel: () => void }) => {
      asked.push(title);
      if (answer === 'ok') onOk();
      else onCancel();
    },
  } as never;
});

function Shell() {
  useLeaveGuard();
  return <Outlet />;
}

function PlanPage() {
  const [text, setText] = useState('');
  useUnsavedChanges(text !== '', { discard: () => setText('') });
  return <input aria-label="计划名称" value={text} onChange={(e) => setText(e.target.value)} />;
}

function setUp() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>登录</p> },
      {
        element: <Shell />,
        children: [
          { path: '/plan', element: <PlanPage /> },
          { path: '/list', element: <p>计划任务列表</p> },
        ],
      },
    ],
    { initialEntries: ['/plan'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function type(text: string) {
  fireEvent.change(screen.getByLabelText('计划名称'), { target: { value: text } });
}

it('asks before leaving a dirty form and stays when the user keeps editing', async () => {
  answer = 'cancel';
  const router = setUp();
  await type('十二月补货');
  await act(() => router.navigate('/list'));
  expect(asked).toEqual([DISCARD_QUESTION]);
  expect(router.state.location.pathname).toBe('/plan');
  expect((screen.getByLabelText('计划名称') as HTMLInputElement).value).toBe('十二月补货');
});

it('leaves and discards the edits when the user chooses to', async () => {
  answer = 'ok';
  const router = setUp();
  await type('十二月补货');
  await act(() => router.navigate('/list'));
  expect(asked).toEqual([DISCARD_QUESTION]);
  expect(router.state.location.pathname).toBe('/list');
});

it('leaves a clean form without a question, and a move that changes the tabs runs only after the answer', async () => {
  answer = 'cancel';
  const router = setUp();
  await act(() => router.navigate('/list'));
  expect(asked).toEqual([]);
  await act(() => router.navigate('/plan'));
  await type('促销备货');
  const closeTab = vi.fn();
  await act(async () => whenLeaving(closeTab));
  expect(closeTab).not.toHaveBeenCalled();
  answer = 'ok';
  await act(async () => whenLeaving(closeTab));
  expect(closeTab).toHaveBeenCalledOnce();
});

it('lets an expired session go to the login page without asking', async () => {
  answer = 'cancel';
  const router = setUp();
  await type('十二月补货');
  await act(() => router.navigate('/login'));
  expect(asked).toEqual([]);
  expect(router.state.location.pathname).toBe('/login');
});

it('has the browser ask before a reload while a form is dirty', async () => {
  answer = 'cancel';
  setUp();
  const clean = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(clean);
  expect(clean.defaultPrevented).toBe(false);
  await type('十二月补货');
  const dirty = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(dirty);
  expect(dirty.defaultPrevented).toBe(true);
});
