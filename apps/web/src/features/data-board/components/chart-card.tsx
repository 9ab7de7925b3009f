import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Spin, Tooltip } from 'antd';
import type { ECharts } from 'echarts/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from './echarts';

interface ChartCardProps {
  title: string;
  loading: boolean;
  empty: boolean;
  option: EChartsCoreOption | null;
  /** Clicks on a data item (the category pie drills down). */
  onItemClick?: (dataIndex: number) => void;
  extra?: ReactNode;
  height?: number;
}

const loadEcharts = () => import('./echarts');

/** One board chart: a loading state, an empty state, and "保存为PNG" of exactly what is drawn. */
export function ChartCard({ title, loading, empty, option, onItemClick, extra, height = 300 }: ChartCardProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const clickRef = useRef(onItemClick);
  clickRef.current = onItemClick;
  const [ready, setReady] = useState(false);
  // Set once the animation has settled: what a PNG (or a screenshot) should capture.
  const [rendered, setRendered] = useState(false);
  const showChart = !empty && option !== null;

  useEffect(() => {
    if (!showChart || !host.current) return;
    let disposed = false;
    let observer: ResizeObserver | undefined;
    loadEcharts().then(({ echarts }) => {
      if (disposed || !host.current) return;
      const instance = echarts.init(host.current, undefined, { renderer: 'canvas' });
      instance.on('click', (params) => clickRef.current?.((params as { dataIndex: number }).dataIndex));
      instance.on('finished', () => setRendered(true));
      chart.current = instance;
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(host.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      setReady(false);
      // A kept tab hidden and shown again draws its charts anew: not rendered until they settle.
      setRendered(false);
    };
  }, [showChart]);

  useEffect(() => {
    if (!ready || !option) return;
    setRendered(false);
    chart.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  const savePng = () => {
    const url = chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${title}.png`;
    link.click();
  };

  return (
    <Card
      size="small"
      title={title}
      className="board-chart"
      data-chart={title}
      data-rendered={rendered && showChart ? 'true' : undefined}
      extra={
        <>
          {extra}
          <Tooltip title="保存为PNG">
            <Button type="text" size="small" icon={<DownloadOutlined />} aria-label="保存为PNG" disabled={!ready || !showChart} onClick={savePng} />
          </Tooltip>
        </>
      }
    >
      <Spin spinning={loading || (showChart && !ready)}>
        {showChart ? (
          <div ref={host} className="board-chart-canvas" style={{ height }} />
        ) : (
          <div className="board-chart-empty" style={{ height }}>
            {!loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选期间暂无数据" />}
          </div>
        )}
      </Spin>
    </Card>
  );
}
