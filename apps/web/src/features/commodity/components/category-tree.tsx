import { buildTree, type CategoryOption, type TreeNode } from '@scm/contract';
import { Card, Empty, Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useCategoryOptions } from '@/shared/category/category-options';

const ALL = 'all';

type Node = CategoryOption & { id: number };

function toTreeData(nodes: TreeNode<Node>[], search: string): DataNode[] {
  return nodes.flatMap(({ node, children }) => {
    const inner = toTreeData(children, search);
    if (search && !node.label.includes(search) && inner.length === 0) return [];
    return [{ key: node.value, title: node.status === 'enabled' ? node.label : `${node.label}（停用）`, children: inner }];
  });
}

/** The category tree beside the commodity table: picking a node filters by it and its descendants. */
export function CategoryTree({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { data, isLoading } = useCategoryOptions();
  const [search, setSearch] = useState('');
  const treeData = useMemo(() => {
    const nodes = (data ?? []).map((c) => ({ ...c, id: c.value }));
    return [{ key: ALL, title: '全部分类', children: toTreeData(buildTree(nodes), search.trim()) }];
  }, [data, search]);
  const rootKeys = useMemo(() => [ALL, ...(data ?? []).filter((c) => c.level === 1).map((c) => c.value)], [data]);

  return (
    <Card size="small" title="商品分类" className="commodity-category-tree">
      <Input.Search placeholder="搜索分类" allowClear onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 8 }} />
      {isLoading ? (
        <Spin />
      ) : (data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无分类" />
      ) : (
        <Tree
          blockNode
          treeData={treeData}
          key={search ? `search-${search}` : 'tree'}
          defaultExpandedKeys={rootKeys}
          defaultExpandAll={search.trim() !== ''}
          selectedKeys={[value ?? ALL]}
          onSelect={(keys) => {
            const key = keys[0];
            if (key === undefined) return;
            onChange(key === ALL ? undefined : Number(key));
          }}
        />
      )}
    </Card>
  );
}
