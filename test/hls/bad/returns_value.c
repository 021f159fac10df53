#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL long f(int *v)
{
	return v[0];
}
