#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void k(int n)
{
	n +=
}
