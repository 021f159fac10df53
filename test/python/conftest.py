# SPDX-License-Identifier: Apache-2.0
"""Fixtures of Kiln's own Python tests: the images they share, and the xdist worker in the JUnit report."""
import os

import pytest


@pytest.fixture(autouse=True)
def _record_worker(record_property):
    # pytest-test.sh reads the workers back from the JUnit report to know that xdist really spread the tests.
    record_property("xdist_worker", os.environ.get("PYTEST_XDIST_WORKER", "none"))


@pytest.fixture(scope="session")
def pointers_img(kiln_image):
    return kiln_image("../kernels/pointers.c")


@pytest.fixture(scope="session")
def ndrange_img(kiln_image):
    return kiln_image("../kernels/ndrange.c")


@pytest.fixture(scope="session")
def dglobals_img(kiln_image):
    return kiln_image("../kernels/dglobals.c")


@pytest.fixture(scope="session")
def access_img(kiln_image):
    return kiln_image("access.c")
