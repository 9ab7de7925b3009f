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

/** The icons the sidebar knows how to draw; a menu entry may use one of these. */
export const MENU_ICONS: Record<string, typeof HomeOutlined> = {
  HomeOutlined,
  ScheduleOutlined,
  ShoppingCartOutlined,
  AppstoreOutlined,
  CalculatorOutlined,
  BarChartOutlined,
  DatabaseOutlined,
  SafetyOutlined,
};

export function MenuIcon({ name }: { name?: string | null }) {
  const Icon = name ? MENU_ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
