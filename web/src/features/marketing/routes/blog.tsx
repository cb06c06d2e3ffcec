import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function BlogRoute() {
  return <PageFrame title={paths.blog.title} lead="Articles about automated gold trading will be published here." />;
}
