import {
  AppstoreOutlined,
  BarChartOutlined,
  CalculatorOutlined,
  DatabaseOutlined,
  HomeOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';

const icons: Record<string, typeof HomeOutlined> = {
  AppstoreOutlined,
  BarChartOutlined,
  CalculatorOutlined,
  DatabaseOutlined,
  HomeOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  ShoppingCartOutlined,
};

export function MenuIcon({ name }: { name?: string | null }) {
  const Icon = name ? icons[name] : undefined;
  return Icon ? <Icon /> : null;
}
