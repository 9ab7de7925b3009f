import { backUserListRequest, dictTypeListRequest } from '@scm/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, it } from 'vitest';
import { readUrlQuery, useUrlQuery } from './use-url-query';

it('parses valid values into their types and fills the schema defaults', () => {
  const query = readUrlQuery(backUserListRequest, 'page=3&keyword=王&roleId=7&status=disabled&sortField=email&sortOrder=descend');
  expect(query).toEqual({ page: 3, pageSize: 20, keyword: '王', roleId: 7, status: 'disabled', sortField: 'email', sortOrder: 'descend' });
  expect(readUrlQuery(dictTypeListRequest, 'builtIn=false').builtIn).toBe(false);
});

it('drops values the schema refuses instead of passing them on', () => {
  const query = readUrlQuery(backUserListRequest, 'page=abc&pageSize=999&roleId=x&status=archived&sortField=password&sortOrder=up');
  expect(query).toEqual({ page: 1, pageSize: 20 });
  expect(readUrlQuery(backUserListRequest, 'roleId=0').roleId).toBeUndefined();
  expect(readUrlQuery(backUserListRequest, 'unknown=1')).toEqual({ page: 1, pageSize: 20 });
});

it('drops empty strings', () => {
  expect(readUrlQuery(backUserListRequest, 'keyword=&status=&roleId=&page=')).toEqual({ page: 1, pageSize: 20 });
  expect(readUrlQuery(backUserListRequest, 'keyword=%20%20')).toEqual({ page: 1, pageSize: 20 });
});

it('takes a page default over the schema one', () => {
  expect(readUrlQuery(backUserListRequest, '', { pageSize: 50 }).pageSize).toBe(50);
});

it('reads back what it wrote, and keeps defaults and empty values out of the URL', () => {
  let search = '';
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/list']}>{children}</MemoryRouter>;
  const { result } = renderHook(
    () => {
      search = useLocation().search;
      return useUrlQuery(backUserListRequest, { pageSize: 50 });
    },
    { wrapper },
  );

  act(() => result.current[1]({ page: 2, pageSize: 50, keyword: '李', roleId: 4, status: 'enabled', sortField: 'createdAt', sortOrder: 'ascend' }));
  expect(result.current[0]).toEqual({
    page: 2,
    pageSize: 50,
    keyword: '李',
    roleId: 4,
    status: 'enabled',
    sortField: 'createdAt',
    sortOrder: 'ascend',
  });
  expect(new URLSearchParams(search).has('pageSize')).toBe(false);

  act(() => result.current[1]({ page: 1, keyword: '', status: 'nonsense', sortField: undefined }));
  expect(result.current[0]).toEqual({ page: 1, pageSize: 50, roleId: 4, sortOrder: 'ascend' });
  expect(new URLSearchParams(search).has('page')).toBe(false);

  act(() => result.current[2]());
  expect(result.current[0]).toEqual({ page: 1, pageSize: 50 });
  expect(search).toBe('');
});
