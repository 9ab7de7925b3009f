import { type DictionaryBundle, dictTypeApi, type Endpoint } from '@scm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DictSelect } from './dict-select';
import { DictTag } from './dict-tag';

const server = { version: 1, bundle: null as DictionaryBundle | null };

vi.mock('../http/api', () => ({
  ApiError: class extends Error {},
  callApi: async (endpoint: Endpoint) => {
    if (endpoint.path === dictTypeApi.version.path) return { version: server.version };
    if (endpoint.path === dictTypeApi.options.path) return server.bundle;
    throw new Error(`unexpected call ${endpoint.path}`);
  },
}));

const bundle = (version: number, warehouseLabel: string): DictionaryBundle => ({
  version,
  types: [
    {
      code: 'plan_status',
      name: '计划状态',
      status: 'enabled',
      items: [
        { value: 'draft', label: '草稿', tagColor: 'default', isDefault: true, status: 'enabled', sort: 10 },
        { value: 'submitted', label: '待审核', tagColor: 'processing', isDefault: false, status: 'enabled', sort: 20 },
        { value: 'legacy', label: '旧状态', tagColor: 'red', isDefault: false, status: 'disabled', sort: 30 },
      ],
    },
    {
      code: 'warehouse',
      name: '仓库',
      status: 'enabled',
      items: [{ value: 'sh', label: warehouseLabel, tagColor: 'blue', isDefault: true, status: 'enabled', sort: 10 }],
    },
  ],
});

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

afterEach(() => {
  cleanup();
  server.version = 1;
});

describe('dictionary tags and selects', () => {
  it('renders the label and colour of a value, disabled items included', async () => {
    server.bundle = bundle(1, '上海仓');
    renderWith(
      <>
        <DictTag code="plan_status" value="submitted" />
        <DictTag code="plan_status" value="legacy" />
        <DictTag code="plan_status" value="unknown_value" />
      </>,
    );
    expect(await screen.findByText('待审核')).toHaveProperty('className', expect.stringContaining('ant-tag-processing'));
    expect(screen.getByText('旧状态').className).toContain('ant-tag-red');
    expect(screen.getByText('unknown_value')).toBeTruthy();
  });

  it('offers only enabled items, but still shows a disabled current value', async () => {
    server.bundle = bundle(1, '上海仓');
    renderWith(<DictSelect code="plan_status" value="legacy" open />);
    await screen.findByText('草稿');
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((el) => ({
      text: el.textContent,
      disabled: el.className.includes('disabled'),
    }));
    expect(offered).toEqual([
      { text: '草稿', disabled: false },
      { text: '待审核', disabled: false },
      { text: '旧状态（已停用）', disabled: true },
    ]);
  });

  it('reloads the dictionaries when the server version moves on', async () => {
    server.bundle = bundle(1, '上海仓');
    const { client } = renderWith(<DictTag code="warehouse" value="sh" />);
    await screen.findByText('上海仓');
    server.version = 2;
    server.bundle = bundle(2, '上海嘉定仓');
    await act(async () => {
      await client.refetchQueries({ queryKey: [dictTypeApi.version.path] });
    });
    await waitFor(() => expect(screen.getByText('上海嘉定仓')).toBeTruthy());
  });

  it('does not offer a disabled type at all', async () => {
    server.bundle = { ...bundle(1, '上海仓'), types: [{ ...bundle(1, 'x').types[0], status: 'disabled' }] };
    renderWith(
      <>
        <DictTag code="plan_status" value="draft" />
        <DictSelect code="plan_status" open />
      </>,
    );
    await screen.findAllByText('草稿');
    expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(0);
  });
});
